import MicIcon from '@mui/icons-material/Mic';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EmoteIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import ExploreIcon from '@mui/icons-material/Explore';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import MapIcon from '@mui/icons-material/Map';
import PartyIcon from '@mui/icons-material/Groups2Outlined';
import RouteIcon from '@mui/icons-material/Route';
import ShareIcon from '@mui/icons-material/Share';
import TuneIcon from '@mui/icons-material/Tune';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import type { SvgIconProps } from '@mui/material';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import type { SceneMetadata } from '../../../contracts/scenes';
import type { DirectMessagesActorRef } from '../../machines/directMessagesMachine';
import type { LiveVisitActor } from '../../machines/liveVisitMachine';
import type { ViewerFlags } from '../pages/viewer';
import { ChatPanel } from './ChatPanel';
import { EmotesPanel } from './EmotesPanel';
import { InfoPanel } from './InfoPanel';
import { MapPanel } from './MapPanel';
import { MorePanel } from './MorePanel';
import type { ViewerPanelProps } from './panelProps';
import { PathsPanel, type TourState } from './PathsPanel';
import { SettingsPanel } from './SettingsPanel';
import { SharePanel } from './SharePanel';
import { SoundPanel } from './SoundPanel';
import { VoicePanel } from './VoicePanel';
import '../../i18n/voiceCatalogue';
import '../../i18n/partyCatalogue';
import type { PartyActorRef } from '../../machines/partyMachine';
import type { AmbientSound } from './useAmbientSound';

/** Loaded when the panel opens first (its flow and strings come with it). */
const EventsPanel = lazy(() => import('./EventsPanel'));
const PartyPanel = lazy(() => import('./PartyPanel'));
import type { ViewerGraphicsControl } from './useViewerGraphics';

/** Everything a panel of the viewer may show. */
export interface ViewerPanelContext extends ViewerPanelProps {
  sceneId: string;
  metadata: SceneMetadata;
  embed: boolean;
  flags: ViewerFlags;
  tour: TourState | null;
  /** Whether the engine has shown the space (commands before that go nowhere). */
  loaded: boolean;
  graphics: ViewerGraphicsControl;
  sound: AmbientSound;
  /** The visitor's presence in the space, while the viewer shows communications. */
  live?: LiveVisitActor;
  /** The signed-in visitor's direct messages (the Chat panel's Direct tab). */
  directMessages?: DirectMessagesActorRef;
  /** The signed-in visitor's party (the Party panel). */
  party?: PartyActorRef;
}

/** One panel of the sidebar: its toolbar button and its content. */
export interface ViewerPanelDef {
  id: string;
  /** i18n key of the button's label and the panel's heading. */
  label: string;
  Icon: ComponentType<SvgIconProps>;
  /** Shown in the embedded viewer (/viewer/embed/…) too. */
  inEmbed: boolean;
  /** Shown only when this holds (e.g. communications for chat); always when absent. */
  when?: (flags: ViewerFlags) => boolean;
  render: (ctx: ViewerPanelContext) => ReactNode;
}

/**
 * The viewer's panels, in toolbar order (platform.md §2.7). Chat, Emotes, Live visitors and Events
 * are rows the live features add here (with `when: (f) => f.communications` where they need it).
 * An embed leaves out More: a space card would lead away from the site that embeds the space.
 */
export const viewerPanels: readonly ViewerPanelDef[] = [
  {
    id: 'info',
    label: 'viewer.sidebar.spaceInfo',
    Icon: InfoOutlinedIcon,
    inEmbed: true,
    render: (ctx) => <InfoPanel metadata={ctx.metadata} embed={ctx.embed} />,
  },
  {
    id: 'emotes',
    label: 'viewer.sidebar.emotes',
    Icon: EmoteIcon,
    inEmbed: true,
    when: (flags) => flags.communications,
    render: (ctx) => <EmotesPanel live={ctx.live} />,
  },
  {
    id: 'share',
    label: 'viewer.sidebar.share',
    Icon: ShareIcon,
    inEmbed: true,
    render: (ctx) => <SharePanel sceneId={ctx.sceneId} title={ctx.metadata.title} />,
  },
  {
    id: 'paths',
    label: 'viewer.sidebar.paths',
    Icon: RouteIcon,
    inEmbed: true,
    render: (ctx) => <PathsPanel content={ctx.content} tour={ctx.tour} send={ctx.send} loaded={ctx.loaded} />,
  },
  {
    id: 'map',
    label: 'viewer.sidebar.map',
    Icon: MapIcon,
    inEmbed: true,
    render: (ctx) => <MapPanel content={ctx.content} send={ctx.send} onEngineEvent={ctx.onEngineEvent} />,
  },
  {
    id: 'chat',
    label: 'viewer.sidebar.chat',
    Icon: ChatIcon,
    inEmbed: true,
    when: (flags) => flags.communications,
    render: (ctx) => <ChatPanel sceneId={ctx.sceneId} live={ctx.live} directMessages={ctx.directMessages} />,
  },
  {
    id: 'voice',
    label: 'viewer.sidebar.voice',
    Icon: MicIcon,
    inEmbed: true,
    when: (flags) => flags.communications,
    render: (ctx) => <VoicePanel live={ctx.live} />,
  },
  {
    id: 'events',
    label: 'viewer.sidebar.events',
    Icon: EventIcon,
    inEmbed: true,
    render: (ctx) => (
      <Suspense fallback={null}>
        <EventsPanel sceneId={ctx.sceneId} />
      </Suspense>
    ),
  },
  {
    id: 'party',
    label: 'viewer.sidebar.party',
    Icon: PartyIcon,
    inEmbed: false,
    when: (flags) => flags.communications,
    render: (ctx) => (
      <Suspense fallback={null}>
        <PartyPanel party={ctx.party} />
      </Suspense>
    ),
  },
  {
    id: 'more',
    label: 'viewer.sidebar.exploreOther',
    Icon: ExploreIcon,
    inEmbed: false,
    render: (ctx) => <MorePanel metadata={ctx.metadata} />,
  },
  {
    id: 'settings',
    label: 'viewer.sidebar.settings',
    Icon: TuneIcon,
    inEmbed: true,
    render: (ctx) => <SettingsPanel control={ctx.graphics} live={ctx.live} />,
  },
  {
    id: 'sound',
    label: 'viewer.sidebar.sound',
    Icon: VolumeUpIcon,
    inEmbed: true,
    render: (ctx) => <SoundPanel sound={ctx.sound} />,
  },
];

/** The panels a viewer shows: an embed's, with its flags. */
export function panelsFor(
  embed: boolean,
  flags: ViewerFlags,
  panels: readonly ViewerPanelDef[] = viewerPanels,
) {
  return panels.filter((panel) => (!embed || panel.inEmbed) && (panel.when?.(flags) ?? true));
}
