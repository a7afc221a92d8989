import { addCatalogue } from './index';
import dev from './parts/dev.json';

/** The editor's panels and the engine's development page: their strings load with their code. */
addCatalogue(dev);
