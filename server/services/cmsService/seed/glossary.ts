import type { SeedTerm } from './types';

/**
 * The glossary a new installation starts with, alphabetically sorted. The definitions describe the
 * product as built; keep them true when it changes.
 */
export const seedGlossary: SeedTerm[] = [
  {
    term: '3D text',
    definition:
      'Text placed in a space as an object of its own, with a font, size, colour, alignment, outline and drop shadow. It draws Latin characters.',
  },
  {
    term: 'Alt text',
    definition:
      'A short description of what a picture shows, written in the editor for visitors who cannot see it. Screen readers read it out in the viewer\u2019s List view.',
  },
  {
    term: 'Autosave',
    definition:
      'The editor setting that saves your space by itself about 30 seconds after your last unsaved change. It is on unless you turn it off in the editor header.',
  },
  {
    term: 'Cover photo',
    definition:
      'The picture that stands for a published space on its card, in Explore and in link previews. The publish wizard asks for one and lets you crop it.',
  },
  {
    term: 'Creator',
    definition:
      'A member of a district who publishes into the slots an Owner gives them, uses the district\u2019s library and asks the district to host or promote their spaces. Invitation links make new members Creators.',
  },
  {
    term: 'Credit',
    definition:
      'The platform\u2019s own currency, bought in bundles with a card and kept in your wallet. Credits pay for extra publishing slots, district slots and premade spaces for a district.',
  },
  {
    term: 'District',
    definition:
      'An organisation\u2019s own place on the platform, on its own subdomain, with its logo, colours, members and a home page listing its spaces. A district is public or private and comes with the Pro plan.',
  },
  {
    term: 'Draft',
    definition:
      'A space as you are building it, visible only to you. Publishing copies a draft for visitors; later changes stay in the draft until you publish again.',
  },
  {
    term: 'Embed',
    definition:
      'A space shown inside another website through a frame. The Share panel\u2019s Embed button gives the code, with options to show sign-in and communications.',
  },
  {
    term: 'Emote',
    definition:
      'A short animation your avatar plays for everyone in the space, such as Wave or Clap. The viewer\u2019s Emotes panel has nine.',
  },
  {
    term: 'Event',
    definition:
      'A scheduled time in a space, with a title, a start and an end, shown to every visitor in the Events panel. While it is on, the space shows Live now and its Event chat opens.',
  },
  {
    term: 'Explore',
    definition:
      'The page where people find published spaces, districts and creators, with search, tags, filters and sorting. Only spaces listed in Explore appear there for everyone.',
  },
  {
    term: 'Extra slot',
    definition:
      'A publishing slot bought with credits, beyond those your plan includes. An empty extra slot can be deleted; its credits are not refunded.',
  },
  {
    term: 'Group',
    definition:
      'A named set of people you invite by name. Choosing a group in the publish wizard opens a private space, or its chat and voice, to its members.',
  },
  {
    term: 'Guided tour',
    definition:
      'A sequence of views in a space, each with a title and a duration, that the viewer moves through by itself. You record tours in the editor\u2019s Create Stories or Paths step; visitors start them from the Paths panel.',
  },
  {
    term: 'Hosting request',
    definition:
      'A district member\u2019s request that the district show one of their published spaces on its home. The district\u2019s Owners accept or decline it.',
  },
  {
    term: 'Hypertext',
    definition: 'A 3D text with a link. Visitors who click it open the linked page in a new tab.',
  },
  {
    term: 'Info point',
    definition: 'A marker in a space that opens a title and a text when a visitor clicks it.',
  },
  {
    term: 'Insights',
    definition:
      'The owner\u2019s figures for a published space: visits, unique visitors, time spent, most opened works and where visitors came from, over the last 7, 30 or 90 days. They are counted without cookies or tracking.',
  },
  {
    term: 'Instance',
    definition:
      'One live copy of a space that visitors share: they see each other and chat there. When an instance is full (1,000 visitors by default), the next visitor opens a new one.',
  },
  {
    term: 'Level',
    definition:
      'One floor of a custom space, with its own walls, doors, windows and stairs. The first is called Ground Level; stairs lead up to the level above.',
  },
  {
    term: 'Library',
    definition:
      'Your uploaded pictures, videos, 3D models, 3D texts, hypertexts and web views, ready to place in any of your spaces. Districts have a library of their own for their members.',
  },
  {
    term: 'List view',
    definition:
      'The viewer\u2019s page listing every work and information point of a space in reading order, for screen readers and keyboards. It also shows when a browser cannot display 3D.',
  },
  {
    term: 'oEmbed',
    definition:
      'An open standard that lets websites and content systems turn a pasted link into embedded content. Public spaces support it, so such sites can embed a space from its link.',
  },
  {
    term: 'Operator',
    definition:
      'A person who runs an installation of the platform. Operators have the operator area at /admin.',
  },
  {
    term: 'Owner',
    definition:
      'A member of a district who runs it: its settings, members, invitations, slots, groups and requests. The person who made the district always stays its owner.',
  },
  {
    term: 'Party',
    definition:
      'A group of up to 8 signed-in visitors who go round spaces together. When the party\u2019s leader goes to another space, the members who were with them follow.',
  },
  {
    term: 'Plan',
    definition:
      'Your subscription: Free, Standard or Pro, paid monthly or yearly. The plan decides your publishing slots, drafts, library storage, privacy settings and whether you can make a district.',
  },
  {
    term: 'Portal',
    definition:
      'An object in a space that takes visitors to another space when they click it. You pick its target space by title in the editor.',
  },
  {
    term: 'Premade space',
    definition:
      'A ready-made room to build in: White cube, Enfilade, Loft or Atrium, in sizes S to XL, each as Standard or Premium.',
  },
  {
    term: 'Private space',
    definition:
      'A published space that only the users and groups chosen in the publish wizard may visit. Making spaces private needs the Standard plan or higher.',
  },
  {
    term: 'Promotion',
    definition:
      'Putting a space on a district\u2019s Promoted list, which leads the district\u2019s home. Members ask for it; Owners decide.',
  },
  {
    term: 'Prop',
    definition:
      'A built-in piece of furniture or decoration, such as a bench, plant, pedestal, sofa, floor lamp or rope barrier, placed from the editor\u2019s Add Content step.',
  },
  {
    term: 'Publish wizard',
    definition:
      'The five steps that publish a space: Space info, Placement, Privacy, Communication and Publish.',
  },
  {
    term: 'Slot',
    definition:
      'The place a published space occupies. Your plan includes slots, districts have slots of their own, and extra slots are bought with credits.',
  },
  {
    term: 'Space',
    definition:
      'A 3D place you build in the editor and visitors walk through in the viewer: an exhibition, a showroom, a classroom or anything else.',
  },
  {
    term: 'Subdomain',
    definition:
      'The first part of a district\u2019s web address, such as gallery in gallery.example.org. It uses lowercase letters, numbers and hyphens, 2 to 50 characters.',
  },
  {
    term: 'Theme',
    definition:
      'A set of finishes for the walls, floors, ceilings and stairs of a custom space, applied at once, with its lighting mood. Districts also have themes, which colour their pages.',
  },
  {
    term: 'Wallet',
    definition:
      'The page with your credit balance, your plan and its renewal, your payment method and your payment history.',
  },
  {
    term: 'Web view',
    definition:
      'A live web page shown on a screen inside a space. The page stays interactive: visitors can click and scroll it.',
  },
];
