import { addCatalogue } from './index';
import groups from './parts/groups.json';

/** The groups' strings, added when Connections › Groups or a group's dialog loads. */
addCatalogue(groups);
