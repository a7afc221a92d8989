import { addCatalogue } from './index';
import operator from './parts/operator.json';

/** The operator area's strings, added with its page's code. */
addCatalogue(operator);
