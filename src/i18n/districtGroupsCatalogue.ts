import { addCatalogue } from './index';
import districtGroups from './parts/districtGroups.json';

/** A district's Groups page's strings (All, Invitations), added when the page loads. */
addCatalogue(districtGroups);
