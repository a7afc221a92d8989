import { addCatalogue } from './index';
import assetUpload from './parts/assetUpload.json';

/** The asset upload dialog's and the asset cards' strings, added with their code. */
addCatalogue(assetUpload);
