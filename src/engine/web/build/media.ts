import {
  CanvasTexture,
  Group,
  Mesh,
  MeshBasicMaterial,
  PlaneGeometry,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
  VideoTexture,
} from 'three';
import type { LiveVideo, Video, WebView3d } from '../../../../contracts/sceneContent';
import type { CssLayer } from '../runtime/cssLayer';
import { transformMatrix } from './pictures';

/**
 * Videos (a file plays and pauses on click; a YouTube video shows its poster and opens the player
 * in place), live streams and web views (interactive pages in 3D).
 */

export interface BuiltMedia {
  id: string;
  object: Group;
  hit: Mesh;
  /** Toggles playback (a click); returns whether it now plays. */
  toggle(): boolean;
  stop(): void;
  readonly playing: boolean;
  dispose(): void;
}

export const youtubeEmbedUrl = (id: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0&playsinline=1`;

/** A flat poster drawn on a canvas: a title and a play button. */
function posterTexture(title: string, accent: string): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = 512;
  canvas.height = 288;
  const ctx = canvas.getContext('2d')!;
  const gradient = ctx.createLinearGradient(0, 0, 512, 288);
  gradient.addColorStop(0, '#1d1f24');
  gradient.addColorStop(1, '#34373f');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 512, 288);
  ctx.fillStyle = accent;
  ctx.beginPath();
  ctx.roundRect(206, 104, 100, 70, 18);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.moveTo(244, 120);
  ctx.lineTo(274, 139);
  ctx.lineTo(244, 158);
  ctx.closePath();
  ctx.fill();
  ctx.font = '600 22px Roboto, Arial, sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(title, 256, 220);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

function screen(width: number, height: number, texture: Texture, name: string, id: string) {
  const material = new MeshBasicMaterial({ map: texture, toneMapped: false });
  const mesh = new Mesh(new PlaneGeometry(width, height), material);
  mesh.name = name;
  mesh.userData.objectId = id;
  return { mesh, material };
}

function mediaGroup(id: string, transform: Video['transform']) {
  const group = new Group();
  group.name = `media:${id}`;
  group.applyMatrix4(transformMatrix(transform));
  group.updateMatrixWorld(true);
  return group;
}

function videoElement(loop: boolean): HTMLVideoElement {
  const video = document.createElement('video');
  video.crossOrigin = 'anonymous';
  video.loop = loop;
  video.playsInline = true;
  video.muted = true;
  video.preload = 'auto';
  return video;
}

export function buildVideo(
  video: Video,
  deps: {
    css: () => CssLayer;
    invalidate: () => void;
    onPlaying: (playing: boolean) => void;
    /** When the file starts downloading (the space's first frame); at once without it. */
    begin?: Promise<unknown>;
  },
): BuiltMedia {
  const group = mediaGroup(video.id, video.transform);
  if (video.source === 'youtube') {
    const poster = video.posterUri
      ? new TextureLoader().load(video.posterUri, deps.invalidate)
      : posterTexture('YouTube video', '#e62117');
    poster.colorSpace = SRGBColorSpace;
    const { mesh, material } = screen(video.width, video.height, poster, 'youtube', video.id);
    group.add(mesh);
    let open = false;
    const stop = () => {
      if (!open) return;
      deps.css().remove(video.id);
      mesh.visible = true;
      open = false;
      deps.onPlaying(false);
    };
    return {
      id: video.id,
      object: group,
      hit: mesh,
      get playing() {
        return open;
      },
      toggle() {
        if (open) {
          stop();
          return false;
        }
        const frame = document.createElement('iframe');
        frame.src = youtubeEmbedUrl(video.youtubeId);
        frame.title = 'YouTube video';
        frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
        frame.referrerPolicy = 'strict-origin-when-cross-origin';
        deps.css().add(video.id, frame, video.width, video.height, group.matrixWorld);
        open = true;
        deps.onPlaying(true);
        return true;
      },
      stop,
      dispose() {
        stop();
        mesh.geometry.dispose();
        material.dispose();
        poster.dispose();
      },
    };
  }

  const element = videoElement(video.loop);
  let disposed = false;
  // The file downloads once the space is shown (or at once when the visitor plays it first).
  const source = () => {
    if (!element.getAttribute('src') && !disposed) element.src = video.fileUri;
  };
  const texture = new VideoTexture(element);
  texture.colorSpace = SRGBColorSpace;
  const poster = video.posterUri ? new TextureLoader().load(video.posterUri, deps.invalidate) : null;
  if (poster) poster.colorSpace = SRGBColorSpace;
  const { mesh, material } = screen(video.width, video.height, poster ?? texture, 'video', video.id);
  group.add(mesh);
  const playIcon = screen(
    video.height * 0.3,
    video.height * 0.3,
    posterTexture('', '#000000aa'),
    'video-play',
    video.id,
  );
  playIcon.mesh.position.z = 0.005;
  (playIcon.material as MeshBasicMaterial).transparent = true;
  (playIcon.material as MeshBasicMaterial).opacity = 0.75;
  group.add(playIcon.mesh);
  element.addEventListener('loadeddata', deps.invalidate);
  element.addEventListener('play', () => {
    material.map = texture;
    material.needsUpdate = true;
    playIcon.mesh.visible = false;
    deps.onPlaying(true);
  });
  element.addEventListener('pause', () => {
    playIcon.mesh.visible = true;
    deps.onPlaying(false);
  });
  element.addEventListener('ended', () => deps.onPlaying(false));
  void (deps.begin ?? Promise.resolve()).then(() => {
    if (disposed) return;
    source();
    if (video.autoplay) void element.play().catch(() => {});
  });
  return {
    id: video.id,
    object: group,
    hit: mesh,
    get playing() {
      return !element.paused && !element.ended;
    },
    toggle() {
      if (element.paused || element.ended) {
        // A click is a user gesture: the sound may play.
        source();
        element.muted = false;
        void element.play().catch(() => {
          element.muted = true;
          return element.play().catch(() => {});
        });
        return true;
      }
      element.pause();
      return false;
    },
    stop() {
      element.pause();
    },
    dispose() {
      disposed = true;
      element.pause();
      element.removeAttribute('src');
      element.load();
      texture.dispose();
      poster?.dispose();
      mesh.geometry.dispose();
      material.dispose();
      playIcon.mesh.geometry.dispose();
      playIcon.material.map?.dispose();
      playIcon.material.dispose();
    },
  };
}

/** A live stream plays muted as soon as it can; when it cannot, the screen says so. */
export function buildLiveVideo(
  live: LiveVideo,
  deps: { invalidate: () => void; onPlaying: (playing: boolean) => void },
): BuiltMedia {
  const group = mediaGroup(live.id, live.transform);
  const element = videoElement(false);
  element.src = live.streamUrl;
  const texture = new VideoTexture(element);
  texture.colorSpace = SRGBColorSpace;
  const offline = posterTexture('Live stream unavailable', '#555a66');
  const { mesh, material } = screen(live.width, live.height, offline, 'live-video', live.id);
  group.add(mesh);
  element.addEventListener('playing', () => {
    material.map = texture;
    material.needsUpdate = true;
    deps.onPlaying(true);
    deps.invalidate();
  });
  element.addEventListener('error', () => {
    material.map = offline;
    material.needsUpdate = true;
    deps.onPlaying(false);
    deps.invalidate();
  });
  void element.play().catch(() => {});
  return {
    id: live.id,
    object: group,
    hit: mesh,
    get playing() {
      return !element.paused;
    },
    toggle() {
      if (element.paused) void element.play().catch(() => {});
      else element.pause();
      return !element.paused;
    },
    stop: () => element.pause(),
    dispose() {
      element.pause();
      element.removeAttribute('src');
      element.load();
      texture.dispose();
      offline.dispose();
      mesh.geometry.dispose();
      material.dispose();
    },
  };
}

/** Web views: a sandboxed iframe of the page, always interactive. */
export function placeWebView(view: WebView3d, css: CssLayer) {
  const frame = document.createElement('iframe');
  frame.src = view.url;
  frame.title = view.url;
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups');
  frame.referrerPolicy = 'no-referrer';
  frame.loading = 'lazy';
  css.add(view.id, frame, view.width, view.height, transformMatrix(view.transform));
}
