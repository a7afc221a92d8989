import { addCatalogue } from './index';
import districts from './parts/districts.json';

/** The districts' strings, added when a district page or the district wizard loads. */
addCatalogue(districts);
