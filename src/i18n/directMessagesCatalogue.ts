import { addCatalogue } from './index';
import directMessages from './parts/directMessages.json';

/** The direct messages' strings, added when the Messages window's code loads. */
addCatalogue(directMessages);
