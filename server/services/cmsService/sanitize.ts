import sanitizeHtml from 'sanitize-html';
import {
  allowedAttributes,
  allowedSchemes,
  allowedTags,
  frameAttributes,
  frameHosts,
  isAllowedFrame,
  videoEmbedUrl,
} from '../../../contracts/cmsHtml';

/** A paragraph holding nothing but a link (or a bare address): a video link becomes a player. */
const linkParagraph =
  /<p>\s*(?:<a\b[^>]*?\bhref\s*=\s*(["'])([^"']+)\1[^>]*>[^<]*<\/a>|(https?:\/\/[^\s<]+))\s*<\/p>/gi;

function embedVideoLinks(html: string): string {
  return html.replace(
    linkParagraph,
    (whole, _q: string, href: string | undefined, bare: string | undefined) => {
      const link = (href ?? bare ?? '').replace(/&amp;/g, '&');
      return videoEmbedUrl(link)
        ? `<figure><oembed url="${link.replace(/"/g, '&quot;')}"></oembed></figure>`
        : whole;
    },
  );
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [...allowedTags],
  allowedAttributes,
  allowedSchemes,
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...frameHosts],
  allowIframeRelativeUrls: false,
  transformTags: {
    // An oembed of a video host becomes its player; any other oembed is removed (exclusiveFilter).
    oembed: (_tag, attribs) => {
      const src = videoEmbedUrl(attribs.url ?? '');
      return src
        ? { tagName: 'iframe', attribs: { src, title: 'Video', ...frameAttributes } }
        : { tagName: 'oembed', attribs: {} };
    },
    // Frames keep their own attributes over the defaults; a foreign source is dropped by
    // allowedIframeHostnames, and the frame left without one by exclusiveFilter.
    iframe: (_tag, attribs) => ({ tagName: 'iframe', attribs: { ...frameAttributes, ...attribs } }),
    a: (_tag, attribs) =>
      attribs.target === '_blank'
        ? { tagName: 'a', attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName: 'a', attribs },
  },
  // The filter sees a tag by its name in the input (an oembed turned player is still 'oembed').
  exclusiveFilter: (frame) =>
    (frame.tag === 'oembed' && !frame.attribs.src && !videoEmbedUrl(frame.attribs.url ?? '')) ||
    (frame.tag === 'iframe' && !(frame.attribs.src && isAllowedFrame(frame.attribs.src))),
};

/**
 * Article and answer HTML as it is stored: only the allow-listed tags and attributes (scripts,
 * styles, event handlers and javascript: links are removed), frames only from the two video
 * hosts, and YouTube or Vimeo links alone in a paragraph turned into their players.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(embedVideoLinks(html), options).trim();
}
