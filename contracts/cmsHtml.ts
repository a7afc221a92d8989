/**
 * What article HTML may hold (platform.md §2.10: "Article HTML is sanitised, allowing iframe and
 * oembed; video links from two video-site hosts become embedded frames"). One allow-list, used by
 * the server when an article is written (sanitize-html) and by the browser when it is shown
 * (DOMPurify), so neither alone is trusted.
 */

export const allowedTags = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'mark',
  'a',
  'blockquote',
  'code',
  'pre',
  'figure',
  'figcaption',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'iframe',
  'oembed',
] as const;

export const allowedAttributes: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
  oembed: ['url'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** The two video hosts whose links become players, and the only sources a frame may have. */
export const frameHosts = ['www.youtube-nocookie.com', 'player.vimeo.com'] as const;

/** A link's URL schemes an article may use; images also from this site's paths. */
export const allowedSchemes = ['http', 'https', 'mailto'];

/** The embeddable player address of a YouTube or Vimeo link, or null for any other link. */
export function videoEmbedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id = (value: string | null | undefined, pattern: RegExp) =>
    value && pattern.test(value) ? value : null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const video =
      url.pathname === '/watch'
        ? id(url.searchParams.get('v'), /^[\w-]{6,20}$/)
        : id(url.pathname.match(/^\/(?:embed|shorts|live)\/([\w-]+)/)?.[1], /^[\w-]{6,20}$/);
    return video ? `https://www.youtube-nocookie.com/embed/${video}` : null;
  }
  if (host === 'youtu.be') {
    const video = id(url.pathname.slice(1), /^[\w-]{6,20}$/);
    return video ? `https://www.youtube-nocookie.com/embed/${video}` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const video = url.pathname.match(/^\/(?:video\/)?(\d{5,12})$/)?.[1];
    return video ? `https://player.vimeo.com/video/${video}` : null;
  }
  return null;
}

/** Whether a frame's source is one of the players allowed. */
export function isAllowedFrame(src: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && (frameHosts as readonly string[]).includes(url.hostname);
  } catch {
    return false;
  }
}

/** The attributes every video frame gets. */
export const frameAttributes = {
  width: '640',
  height: '360',
  allow: 'fullscreen; picture-in-picture',
  allowfullscreen: '',
  loading: 'lazy',
  referrerpolicy: 'strict-origin-when-cross-origin',
};
