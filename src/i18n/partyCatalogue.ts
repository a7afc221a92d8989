import { addCatalogue } from './index';
import party from './parts/party.json';

/** The Party panel's strings (and the invitation in "Who is here"), added with the viewer's panels. */
addCatalogue(party);
