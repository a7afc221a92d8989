import { addCatalogue } from './index';
import newsletter from './parts/newsletter.json';

/** The newsletter sign-up's strings, added with its code. */
addCatalogue(newsletter);
