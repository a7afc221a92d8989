import { addCatalogue } from './index';
import sceneEvents from './parts/sceneEvents.json';

/** The Events panel's strings, added when the viewer's Events panel loads. */
addCatalogue(sceneEvents);
