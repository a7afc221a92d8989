import type { ActorRefFrom, AnyActorLogic, InputFrom } from 'xstate';
import type { AppServices } from './services';

/**
 * The page flows of the app, by name, and where their real implementations are provided: one
 * module of src/app/flows/ per area of the app, loaded with the first page that shows one of its
 * flows, so a first visit downloads only the flows of the page it opens.
 *
 * A view starts a flow with `useFlow(name, input)` (src/views/AppContext.tsx): the module is
 * loaded, the root actor spawns the flow into the app's one actor system (`flow.entered`) and
 * stops it when the view unmounts (`flow.left`).
 */
const flowModules = {
  home: () => import('./flows/home'),
  commerce: () => import('./flows/commerce'),
  explore: () => import('./flows/explore'),
  spaces: () => import('./flows/spaces'),
  profile: () => import('./flows/profile'),
  viewer: () => import('./flows/viewer'),
  engine: () => import('./flows/engine'),
  editor: () => import('./flows/editor'),
  dev: () => import('./flows/dev'),
  assets: () => import('./flows/assets'),
  social: () => import('./flows/social'),
  reactions: () => import('./flows/reactions'),
  insights: () => import('./flows/insights'),
  districts: () => import('./flows/districts'),
  districtHost: () => import('./flows/districtHost'),
  live: () => import('./flows/live'),
  operator: () => import('./flows/operator'),
  contact: () => import('./flows/contact'),
  resources: () => import('./flows/resources'),
};
type FlowModuleName = keyof typeof flowModules;
type FlowsOf<M extends FlowModuleName> = ReturnType<Awaited<ReturnType<(typeof flowModules)[M]>>['default']>;

/** Every page flow's logic, by name. */
export type Flows = FlowsOf<'home'> &
  FlowsOf<'commerce'> &
  FlowsOf<'explore'> &
  FlowsOf<'spaces'> &
  FlowsOf<'profile'> &
  FlowsOf<'viewer'> &
  FlowsOf<'engine'> &
  FlowsOf<'editor'> &
  FlowsOf<'dev'> &
  FlowsOf<'assets'> &
  FlowsOf<'social'> &
  FlowsOf<'reactions'> &
  FlowsOf<'insights'> &
  FlowsOf<'districts'> &
  FlowsOf<'districtHost'> &
  FlowsOf<'live'> &
  FlowsOf<'operator'> &
  FlowsOf<'contact'> &
  FlowsOf<'resources'>;
export type FlowName = keyof Flows;
export type FlowInput<K extends FlowName> = InputFrom<Flows[K]>;
export type FlowRef<K extends FlowName> = ActorRefFrom<Flows[K]>;

/** The module that provides each flow. */
const moduleOfFlow: Record<FlowName, FlowModuleName> = {
  homeSpaces: 'home',
  walletPage: 'commerce',
  payments: 'commerce',
  checkout: 'commerce',
  products: 'commerce',
  explore: 'explore',
  exploreSpaces: 'explore',
  exploreCreators: 'explore',
  spaceCard: 'spaces',
  profileSpaces: 'spaces',
  profile: 'profile',
  viewerPage: 'viewer',
  liveVisit: 'viewer',
  viewerSidebar: 'viewer',
  relatedSpaces: 'viewer',
  listView: 'viewer',
  comments: 'viewer',
  sceneEvents: 'viewer',
  party: 'viewer',
  engine: 'engine',
  editorPage: 'editor',
  editorPanel: 'editor',
  userSearch: 'editor',
  editorLibrary: 'editor',
  spaceSearch: 'editor',
  contentFile: 'dev',
  assetUpload: 'assets',
  assetLibrary: 'assets',
  assetCard: 'assets',
  assetStorage: 'assets',
  follow: 'social',
  connections: 'social',
  groupList: 'social',
  groupMembers: 'social',
  group: 'social',
  groupForm: 'social',
  notificationBell: 'social',
  notificationSettings: 'social',
  directMessages: 'social',
  spaceReactions: 'reactions',
  favouriteSpaces: 'reactions',
  historySpaces: 'reactions',
  historyClear: 'reactions',
  visitInsights: 'insights',
  spaceInsights: 'insights',
  operatorMail: 'operator',
  operatorAudit: 'operator',
  operatorReports: 'operator',
  operatorUsers: 'operator',
  operatorNewsletter: 'operator',
  contactForm: 'contact',
  newsletterForm: 'contact',
  resourceFaqs: 'resources',
  resourceGlossary: 'resources',
  resourceMenu: 'resources',
  resourceArticles: 'resources',
  resourceArticle: 'resources',
  districtHost: 'districtHost',
  districtSpaces: 'districtHost',
  districtFollow: 'districtHost',
  districtList: 'districts',
  districtMembers: 'districts',
  districtPeople: 'districts',
  districtRequests: 'districts',
  spaceDistrict: 'districts',
  districtSettings: 'districts',
  districtWizard: 'districts',
  liveCounts: 'live',
};

/** Flows given as they are (tests), instead of their modules' real ones. */
export type FlowLoaders = Record<FlowName, AnyActorLogic>;

export interface FlowRegistry {
  /** The flow's logic if its module has loaded, else undefined. */
  loaded(name: FlowName | string): AnyActorLogic | undefined;
  /** Loads the flow's module (once) and answers its logic. */
  load(name: FlowName): Promise<AnyActorLogic>;
  /** Loads every flow module (tests: pages then render without waiting for flows). */
  preloadAll(): Promise<void>;
}

export function createFlowRegistry(services: AppServices, given: Partial<FlowLoaders> = {}): FlowRegistry {
  const logic = new Map<string, AnyActorLogic>(Object.entries(given) as [string, AnyActorLogic][]);
  const loading = new Map<FlowModuleName, Promise<void>>();
  const loadModule = (name: FlowModuleName) => {
    let pending = loading.get(name);
    if (!pending) {
      pending = flowModules[name]().then((module) => {
        for (const [flow, provided] of Object.entries(module.default(services)))
          if (!logic.has(flow)) logic.set(flow, provided as AnyActorLogic);
      });
      // A failed download may be tried again.
      pending.catch(() => loading.delete(name));
      loading.set(name, pending);
    }
    return pending;
  };
  return {
    loaded: (name) => logic.get(name),
    async load(name) {
      const known = logic.get(name);
      if (known) return known;
      await loadModule(moduleOfFlow[name]);
      return logic.get(name)!;
    },
    async preloadAll() {
      await Promise.all((Object.keys(flowModules) as FlowModuleName[]).map(loadModule));
    },
  };
}

export type { AppServices };
