import { ErrorBody } from '../../../../contracts/errors';
import type { PublishingService } from '../publishing';
import type { PublishedSearch } from '../search';
import type { SceneService } from '../service';
import type { SlotService } from '../slots';
import type { SceneViews } from '../views';

/** The parts of the scene service that its routes call. */
export interface SceneRoutesOptions {
  service: SceneService;
  publishing: PublishingService;
  slots: SlotService;
  search: PublishedSearch;
  views: SceneViews;
}

export const sceneResponses = {
  401: ErrorBody.describe('Not signed in'),
  403: ErrorBody.describe("Another user's published space: only its owner may do this"),
  404: ErrorBody.describe('No such space (also: a draft of another user)'),
};

export const draftLimitResponse = ErrorBody.describe(
  "BUSINESS_RULE 'Draft Limit Reached': the caller holds as many drafts as their plan allows (details: { drafts, limit })",
);
