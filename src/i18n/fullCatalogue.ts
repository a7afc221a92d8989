import { englishCatalogue } from './index';
import comments from './parts/comments.json';
import districtGroups from './parts/districtGroups.json';
import districtLibrary from './parts/districtLibrary.json';
import districts from './parts/districts.json';
import groups from './parts/groups.json';
import sceneEvents from './parts/sceneEvents.json';
import party from './parts/party.json';
import directMessages from './parts/directMessages.json';
import voice from './parts/voice.json';
import avatar from './parts/avatar.json';
import dev from './parts/dev.json';
import operator from './parts/operator.json';
import contactForm from './parts/contactForm.json';
import resourcePages from './parts/resourcePages.json';
import migration from './parts/migration.json';
import newsletter from './parts/newsletter.json';
import assetUpload from './parts/assetUpload.json';

type Tree = { [key: string]: string | Tree };
const merge = (into: Tree, extra: Tree): Tree => {
  const out: Tree = { ...into };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return out;
};

/**
 * The whole English catalogue: the first visit's (index.ts) and the parts features add when
 * their code loads (commentsCatalogue.ts, districtsCatalogue.ts, groupsCatalogue.ts, districtGroupsCatalogue.ts,
 * districtLibraryCatalogue.ts, sceneEventsCatalogue.ts, directMessagesCatalogue.ts, voiceCatalogue.ts, partyCatalogue.ts, avatarCatalogue.ts, devCatalogue.ts, operatorCatalogue.ts, contactFormCatalogue.ts, resourcePagesCatalogue.ts, migrationCatalogue.ts, newsletterCatalogue.ts, assetUploadCatalogue.ts). For tests of the catalogue; the
 * app never imports it.
 */
export const fullCatalogue = [
  comments,
  districts,
  groups,
  districtGroups,
  districtLibrary,
  sceneEvents,
  directMessages,
  voice,
  party,
  avatar,
  dev,
  operator,
  contactForm,
  resourcePages,
  migration,
  newsletter,
  assetUpload,
].reduce<Tree>((all, part) => merge(all, part as Tree), englishCatalogue as unknown as Tree);
