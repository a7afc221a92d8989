import { type ActorRefFrom, assign, fromCallback, not, type SnapshotFrom, setup } from 'xstate';
import type { ExploreFilter, ExploreSort } from '../../contracts/publishing';
import { exploreSearchDebounceMs, publishTagsMax, signedInFilters } from '../../contracts/publishingRules';

/** The Explore page's tabs (platform.md §2.4), in the order they show. */
export const exploreTabs = ['spaces', 'districts', 'creators'] as const;
export type ExploreTab = (typeof exploreTabs)[number];

/** How the spaces show: cards in a grid (the default) or rows in a list. */
export const exploreViews = ['grid', 'list'] as const;
export type ExploreView = (typeof exploreViews)[number];

/** A tag filter holds at most as many tags as a space can carry: more could never match. */
export const exploreTagsMax = publishTagsMax;

/** What the page's address holds (so links and Back work): the tab, the search words and the tags. */
export interface ExploreLocation {
  tab: ExploreTab;
  q: string;
  tags: string[];
}

export interface ExploreContext extends ExploreLocation {
  /** The text in the search box; it becomes `q` once typing pauses (or on Enter). */
  draft: string;
  filter: ExploreFilter;
  sort: ExploreSort;
  view: ExploreView;
  /** Whether the visitor is signed in: MY HISTORY and MY FAVOURITES need it. */
  signedIn: boolean;
}

export type ExploreInput = Partial<ExploreLocation> & {
  signedIn?: boolean;
  filter?: ExploreFilter;
  sort?: ExploreSort;
  view?: ExploreView;
};

export type ExploreEvent =
  | { type: 'tab.selected'; tab: ExploreTab }
  | { type: 'filter.selected'; filter: ExploreFilter }
  | { type: 'sort.selected'; sort: ExploreSort }
  | { type: 'view.selected'; view: ExploreView }
  /** A keystroke in the search box: the search runs once typing pauses. */
  | { type: 'search.typed'; text: string }
  /** Enter in the search box: search at once. */
  | { type: 'search.submitted' }
  /** A tag on a space was clicked: only spaces carrying it (and the other active tags) show. */
  | { type: 'tag.added'; tag: string }
  | { type: 'tag.removed'; tag: string }
  /** The address changed (Back, Forward, a link): the page follows it. */
  | { type: 'location.changed'; location: ExploreLocation }
  | { type: 'session.changed'; signedIn: boolean };

/** The spaces search the page runs: what `publishingApi.search` is asked, besides the page. */
export interface ExploreSpacesQuery {
  q: string;
  tags: string[];
  sort: ExploreSort;
  filter: ExploreFilter;
}

const normaliseTag = (tag: string) => tag.trim();

/**
 * The Explore page's query (platform.md §2.4): the tab, the spaces' filter (ALL, RELATED,
 * TRENDING, MY HISTORY, MY FAVOURITES), the sort order, the search words, the tag filter and grid or
 * list view. The lists themselves are `infiniteListMachine`s the view restarts with each new query.
 *
 * Two regions run side by side:
 * - `search`: `settled`, or `typing` while keystrokes come; `exploreSearchDebounceMs` after the
 *   last one (or at once on `search.submitted`) the typed text becomes the query's `q`;
 * - `access`: `open`, or `signInRequired` (tag 'signInRequired') while an anonymous visitor has
 *   chosen a filter that needs an account: the view then shows a sign-in prompt and asks nothing.
 *
 * `location.changed` adopts what the address says (Back, a shared link); the view keeps the address
 * in step with `exploreSearchString(context)`. `sessionWatch` tells it who is signed in.
 */
export const exploreMachine = setup({
  types: {
    context: {} as ExploreContext,
    events: {} as ExploreEvent,
    input: {} as ExploreInput | undefined,
    tags: {} as 'signInRequired' | 'typing',
  },
  actors: {
    /** Tells the machine whether someone is signed in (`session.changed`), now and on every change. */
    sessionWatch: fromCallback<ExploreEvent>(() => () => {}),
  },
  delays: {
    searchDebounce: exploreSearchDebounceMs,
  },
  guards: {
    needsSignIn: ({ context }) => !context.signedIn && signedInFilters.includes(context.filter),
    canAddTag: ({ context }, params: { tag: string }) =>
      params.tag !== '' && !context.tags.includes(params.tag) && context.tags.length < exploreTagsMax,
    hasTag: ({ context }, params: { tag: string }) => context.tags.includes(params.tag),
    changesSearch: ({ context }, params: { q: string }) => params.q !== context.q,
  },
  actions: {
    selectTab: assign((_, params: { tab: ExploreTab }) => ({ tab: params.tab })),
    selectFilter: assign((_, params: { filter: ExploreFilter }) => ({ filter: params.filter })),
    selectSort: assign((_, params: { sort: ExploreSort }) => ({ sort: params.sort })),
    selectView: assign((_, params: { view: ExploreView }) => ({ view: params.view })),
    setDraft: assign((_, params: { text: string }) => ({ draft: params.text })),
    commitSearch: assign(({ context }) => ({ q: context.draft.trim() })),
    addTag: assign(({ context }, params: { tag: string }) => ({ tags: [...context.tags, params.tag] })),
    removeTag: assign(({ context }, params: { tag: string }) => ({
      tags: context.tags.filter((tag) => tag !== params.tag),
    })),
    adoptLocation: assign(({ context }, params: { location: ExploreLocation }) => {
      const { tab, q, tags } = params.location;
      return {
        tab,
        tags: sameTags(tags, context.tags) ? context.tags : tags,
        // The words the visitor is typing stay unless the address asks for other ones.
        ...(q !== context.q ? { q, draft: q } : {}),
      };
    }),
    setSignedIn: assign((_, params: { signedIn: boolean }) => ({ signedIn: params.signedIn })),
  },
}).createMachine({
  id: 'explore',
  context: ({ input }) => {
    const q = input?.q?.trim() ?? '';
    return {
      tab: input?.tab ?? 'spaces',
      q,
      draft: q,
      tags: uniqueTags(input?.tags ?? []),
      filter: input?.filter ?? 'all',
      sort: input?.sort ?? 'publishedAt',
      view: input?.view ?? 'grid',
      signedIn: input?.signedIn ?? false,
    };
  },
  type: 'parallel',
  invoke: { id: 'sessionWatch', src: 'sessionWatch' },
  on: {
    'tab.selected': { actions: { type: 'selectTab', params: ({ event }) => ({ tab: event.tab }) } },
    'filter.selected': {
      actions: { type: 'selectFilter', params: ({ event }) => ({ filter: event.filter }) },
    },
    'sort.selected': { actions: { type: 'selectSort', params: ({ event }) => ({ sort: event.sort }) } },
    'view.selected': { actions: { type: 'selectView', params: ({ event }) => ({ view: event.view }) } },
    'tag.added': {
      guard: { type: 'canAddTag', params: ({ event }) => ({ tag: normaliseTag(event.tag) }) },
      actions: { type: 'addTag', params: ({ event }) => ({ tag: normaliseTag(event.tag) }) },
    },
    'tag.removed': {
      guard: { type: 'hasTag', params: ({ event }) => ({ tag: event.tag }) },
      actions: { type: 'removeTag', params: ({ event }) => ({ tag: event.tag }) },
    },
    'location.changed': [
      {
        // Other search words end any typing: the address wins.
        guard: { type: 'changesSearch', params: ({ event }) => ({ q: event.location.q.trim() }) },
        target: '.search.settled',
        actions: {
          type: 'adoptLocation',
          params: ({ event }) => ({ location: normaliseLocation(event.location) }),
        },
      },
      {
        actions: {
          type: 'adoptLocation',
          params: ({ event }) => ({ location: normaliseLocation(event.location) }),
        },
      },
    ],
    'session.changed': {
      actions: { type: 'setSignedIn', params: ({ event }) => ({ signedIn: event.signedIn }) },
    },
  },
  states: {
    search: {
      initial: 'settled',
      on: {
        'search.typed': {
          target: '.typing',
          reenter: true,
          actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) },
        },
      },
      states: {
        settled: {},
        typing: {
          tags: 'typing',
          after: { searchDebounce: { target: 'settled', actions: 'commitSearch' } },
          on: { 'search.submitted': { target: 'settled', actions: 'commitSearch' } },
        },
      },
    },
    access: {
      initial: 'open',
      states: {
        open: { always: { guard: 'needsSignIn', target: 'signInRequired' } },
        signInRequired: {
          tags: 'signInRequired',
          always: { guard: not('needsSignIn'), target: 'open' },
        },
      },
    },
  },
});

export type ExploreActorRef = ActorRefFrom<typeof exploreMachine>;
export type ExploreSnapshot = SnapshotFrom<typeof exploreMachine>;

// ---------------------------------------------------------------------------------------------
// Selectors and the address

/** The spaces search to run now, or null while the visitor must sign in first. */
export function selectSpacesQuery(snapshot: ExploreSnapshot): ExploreSpacesQuery | null {
  if (snapshot.hasTag('signInRequired')) return null;
  const { q, tags, sort, filter } = snapshot.context;
  return { q, tags, sort, filter };
}

function uniqueTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = normaliseTag(raw);
    if (tag && !out.includes(tag) && out.length < exploreTagsMax) out.push(tag);
  }
  return out;
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, i) => tag === b[i]);
}

function normaliseLocation(location: ExploreLocation): ExploreLocation {
  return { tab: location.tab, q: location.q.trim(), tags: uniqueTags(location.tags) };
}

const isTab = (value: string | null): value is ExploreTab =>
  (exploreTabs as readonly string[]).includes(value ?? '');

/** Reads `?tab=creators&q=words&tags=a,b` (an unknown tab is the Spaces tab). */
export function parseExploreSearch(search: string): ExploreLocation {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  return normaliseLocation({
    tab: isTab(tab) ? tab : 'spaces',
    q: params.get('q') ?? '',
    tags: (params.get('tags') ?? '').split(','),
  });
}

/** The address's query for a context (without '?'; '' for the plain Spaces tab). */
export function exploreSearchString(location: ExploreLocation): string {
  const params = new URLSearchParams();
  if (location.tab !== 'spaces') params.set('tab', location.tab);
  if (location.q) params.set('q', location.q);
  if (location.tags.length) params.set('tags', location.tags.join(','));
  // Commas in the tag list read better unescaped, and URLSearchParams reads them back either way.
  return params.toString().replace(/%2C/gi, ',');
}

/** Whether going from one address to another deserves its own history entry (not just new words). */
export function isNewPlace(from: ExploreLocation, to: ExploreLocation): boolean {
  return from.tab !== to.tab || !sameTags(from.tags, to.tags);
}
