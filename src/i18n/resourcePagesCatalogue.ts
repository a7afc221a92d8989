import { addCatalogue } from './index';
import resourcePages from './parts/resourcePages.json';

/** The resources and legal pages' strings, added with their code. */
addCatalogue(resourcePages);
