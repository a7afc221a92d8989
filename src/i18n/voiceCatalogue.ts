import { addCatalogue } from './index';
import voice from './parts/voice.json';

/** Voice's strings, added when the viewer's code loads. */
addCatalogue(voice);
