import { addCatalogue } from './index';
import districtLibrary from './parts/districtLibrary.json';

/** A district's library strings, added when its Library section loads. */
addCatalogue(districtLibrary);
