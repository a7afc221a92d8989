import { addCatalogue } from './index';
import migration from './parts/migration.json';

/** The Artsteps migration page's strings, added with its code. */
addCatalogue(migration);
