import { addCatalogue } from './index';
import avatar from './parts/avatar.json';

/** The profile's Avatar tab strings, added with the profile page's code. */
addCatalogue(avatar);
