import { addCatalogue } from './index';
import comments from './parts/comments.json';

/** The comment thread's strings, added when the viewer's Space info loads it. */
addCatalogue(comments);
