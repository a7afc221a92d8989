import { behindTheViewer, meetingPeople, selfHosting } from './posts';
import type { SeedArticle, SeedAuthor } from './types';

/**
 * The guides a new installation starts with, and the list of every seeded article (the blog posts
 * are in posts.ts). Every statement was checked against the product as built (the editor's panels
 * in src/views/editor, the limits in contracts/, the budgets in bench/); keep them true when the
 * product changes. Labels in <strong> are the interface's own words (src/i18n).
 */

export const seedAuthors: SeedAuthor[] = [
  {
    slug: 'maren-holt',
    name: 'Maren Holt',
    bio: 'Product designer on the editor and the publish wizard; builds small exhibitions on weekends.',
  },
  {
    slug: 'tomas-ferreira',
    name: 'Tomás Ferreira',
    bio: 'Engineer on the 3D viewer and live features, happiest when a frame comes in under budget.',
  },
  {
    slug: 'ines-okafor',
    name: 'Inès Okafor',
    bio: 'Looks after districts, plans and the people who run their own copy of the platform.',
  },
];

// ---------------------------------------------------------------------------------------------
// Guides: one per editor step, then publishing and districts

const defineSpace: SeedArticle = {
  kind: 'guide',
  slug: 'define-space',
  title: 'Define Space: start from a premade room or draw your own',
  description:
    'The first editor step: pick one of the premade rooms in the size you need, or draw your own levels, walls, doors, windows and stairs on a floor plan.',
  category: 'Editor',
  tags: ['editor', 'define space', 'premade rooms', 'levels', 'walls'],
  author: 'maren-holt',
  date: '2026-03-02',
  updatedDate: '2026-10-14',
  screenshots: [
    {
      file: 'guide-define-space-1.png',
      route: '/curate',
      caption: 'The Define Space step with the premade room cards',
    },
    {
      file: 'guide-define-space-2.png',
      route: '/curate',
      caption: 'A custom space: the Levels list and the Tools row',
    },
  ],
  content: `<p>Every space is built in the editor. Open it with <strong>Create Space</strong> in the header, or go to <a href="/curate">/curate</a>. Down the left side you find the editor's five steps: <strong>Define Space</strong>, <strong>Shape Style</strong>, <strong>Add Content</strong>, <strong>Create Stories or Paths</strong> and <strong>Publish &amp; Share</strong>. This guide covers the first one: the rooms your visitors will walk through.</p>
<p>You need to be signed in to build. A new space is a draft until you publish it, and your plan decides how many drafts you may keep: 5 on Free, 20 on Standard and as many as you like on Pro. When you have reached the limit, the editor says <em>Draft Limit Reached</em> and offers <strong>View drafts</strong>, so you can publish or delete one first.</p>

<h2>Premade or custom</h2>
<p>At the top of <strong>Define Space</strong> you choose between two kinds of space:</p>
<ul>
<li><strong>Premade</strong>: a finished room, ready for your pictures and models. This is the quickest start.</li>
<li><strong>Custom</strong>: you draw the floor plan yourself, level by level. Choose this when the shape of the rooms matters, or when you want to choose every surface and the sky yourself (see <a href="/resources/guides/shape-style">Shape Style</a>).</li>
</ul>
<p>Switching between the two, or from one premade room to another, starts the space again. When there is already work in the space, the editor asks <em>Switch space?</em> before it discards anything.</p>

<h2>Start from a premade room</h2>
<h3>Choose a size and a kind</h3>
<ol>
<li>Under <strong>Space</strong>, select <strong>Premade</strong>.</li>
<li>Choose a <strong>Size</strong>: S (12 × 9 m), M (18 × 12 m), L (26 × 16 m) or XL (34 × 22 m). The sizes are the building's outside measurements.</li>
<li>Choose a <strong>Kind</strong>: <strong>Standard</strong> or <strong>Premium</strong>. Premium rooms are taller, finished in wood and stone, and have extra features such as partitions or a mezzanine.</li>
<li>Pick a room from the cards: <strong>White cube</strong> (one bright rectangular room), <strong>Enfilade</strong> (rooms in a row, joined by doors), <strong>Loft</strong> (a tall hall with windows along one side and free-standing screens) or <strong>Atrium</strong> (two storeys joined by stairs).</li>
</ol>
<figure><img src="/cms-media/guide-define-space-1.png" alt="The Define Space step with Premade selected, the Size and Kind menus and four room cards"><figcaption>Premade rooms come in four families, four sizes and two kinds.</figcaption></figure>
<h3>Look around before you choose</h3>
<p>Clicking a card opens the room in 3D without changing your space. Drag to turn, and walk with the arrow keys or <strong>W A S D</strong>. If it is the right room, press <strong>Use this room</strong>; otherwise close the preview and try another card.</p>
<p>Visitors enter a premade room facing its main wall, so the first thing they see is the wall you will probably hang your best work on. You can choose another starting view later, in <a href="/resources/guides/create-stories-or-paths">Create Stories or Paths</a>.</p>

<h2>Draw your own space</h2>
<h3>Levels</h3>
<p>Select <strong>Custom</strong>. Your space gets one level, called <em>Ground Level</em>, and the <strong>Levels</strong> list appears:</p>
<ul>
<li>Click a level to work on it. New walls, doors, windows and stairs go on the level that is selected.</li>
<li><strong>Add level</strong> puts a new level on top of the highest one.</li>
<li>The pencil renames a level; the bin deletes it with everything on it. Deleting the last level discards its work, and the editor asks first.</li>
</ul>
<h3>Walls</h3>
<ol>
<li>In the <strong>Tools</strong> row, choose <strong>Wall</strong>. While you build, the camera looks down on the selected level like a floor plan.</li>
<li>Click where the wall starts, then click where it ends. Each click ends one wall and starts the next one from the same point, so you can draw a whole outline in one go.</li>
<li>Click your first point again to close the outline, or double-click (or press <strong>Escape</strong>) to stop.</li>
</ol>
<p>Points snap to a 0.25 m grid, to the ends of walls you have drawn and to right angles, so corners meet cleanly. You can turn <strong>Snapping</strong> off, and switch the <strong>Units</strong> between metres and inches, in the <strong>History, view and cost</strong> section at the bottom of every step. Walls are 4 m high.</p>
<figure><img src="/cms-media/guide-define-space-2.png" alt="A custom space in the editor with the Levels list and the Select, Wall, Door, Window, Stairs, Paint and Eraser tools"><figcaption>A custom space: levels on the left, the tools below them.</figcaption></figure>
<h3>Doors, windows and stairs</h3>
<ul>
<li><strong>Door</strong>: choose <strong>Single</strong> or <strong>Double</strong> under <strong>Door type</strong>, then click a wall.</li>
<li><strong>Window</strong>: choose <strong>Single</strong>, <strong>Center</strong>, <strong>Top</strong> or <strong>Panoramic</strong>, then click a wall. Two openings cannot overlap on the same wall.</li>
<li><strong>Stairs</strong>: choose <strong>Straight</strong>, <strong>L</strong> or <strong>U</strong> (and a <strong>Turn</strong>, left or right, for L and U), then click the floor. Stairs always lead up to the level above, so add that level first.</li>
</ul>
<p>Press <strong>Escape</strong> to go back to <strong>Select</strong>. The <strong>Paint</strong> and <strong>Eraser</strong> tools in the same row belong to the next step, <a href="/resources/guides/shape-style">Shape Style</a>.</p>

<h2>Undo, views and saving</h2>
<p>Every change can be undone: use <strong>Undo</strong> and <strong>Redo</strong> in <strong>History, view and cost</strong>, or <strong>Ctrl+Z</strong> and <strong>Ctrl+Shift+Z</strong> (<strong>⌘</strong> instead of Ctrl on keyboards that have it). A wall in the wrong place is one undo away. Under <strong>Camera</strong> you switch between <strong>Orbit</strong>, to look at the space from outside, and <strong>Walk</strong>, to see it at eye height as a visitor will. Press <strong>?</strong> over the 3D view for the list of shortcuts.</p>
<p>Give your space a name in the title field of the editor header (up to 100 characters) and press <strong>Save</strong>. With <strong>Autosave</strong> on, the editor also saves by itself about 30 seconds after your last unsaved change. Each extra level of a custom space shows up in the <strong>Cost</strong> box of <strong>History, view and cost</strong>, so you can see what the space adds up to as you build.</p>
<p>Next: <a href="/resources/guides/shape-style">Shape Style</a>, where you choose what the walls, floors and sky look like.</p>`,
};

const shapeStyle: SeedArticle = {
  kind: 'guide',
  slug: 'shape-style',
  title: 'Shape Style: themes, surfaces, sky and sound',
  description:
    'The second editor step: give every surface a look at once with a theme, paint single walls and floors with a brush, and set the sky, the ground and the ambient sound.',
  category: 'Editor',
  tags: ['editor', 'shape style', 'themes', 'materials', 'sound'],
  author: 'maren-holt',
  date: '2026-03-05',
  screenshots: [
    {
      file: 'guide-shape-style-1.png',
      route: '/curate',
      caption: 'The Shape Style step: Theme, Paint brush and Environment',
    },
    {
      file: 'guide-shape-style-2.png',
      route: '/viewer/{demo}',
      caption: 'Walls and floors with their finishes, seen in the viewer',
    },
  ],
  content: `<p>Once your rooms stand, <strong>Shape Style</strong> decides what they look like: the finish of each wall, floor, ceiling and staircase, the light in the room, the sky and the ground outside, and the sound visitors hear. Open it from the editor's step list, second from the top.</p>
<p>One thing to know first: themes, painting, the sky and the terrain change spaces you draw yourself. A premade room keeps the finishes it comes with (Premium rooms, for example, are finished in wood and stone); if you try to restyle one, the editor tells you to switch to a custom space. The ambient sound works in every space.</p>

<h2>Start with a theme</h2>
<p>A theme sets the walls, floor, ceiling and stairs of every level at once, and replaces any surface you painted one by one. Choose one from the <strong>Theme</strong> menu:</p>
<ul>
<li><strong>White gallery</strong>: painted white walls and a terrazzo floor.</li>
<li><strong>Warm wood</strong>: plaster walls with wooden floors and stairs.</li>
<li><strong>Industrial</strong>: brick walls and concrete.</li>
<li><strong>Classic marble</strong>: plaster walls above a polished marble floor.</li>
<li><strong>Dark cinema</strong>: dark walls and carpet.</li>
</ul>
<p>A theme also sets the light. <strong>Industrial</strong> is evenly lit, like daylight. The other four use a gallery mood: the room is a little darker, and every picture on a wall gets its own pool of light, so the works stand out.</p>
<figure><img src="/cms-media/guide-shape-style-1.png" alt="The Shape Style step with the Theme menu, the Paint brush settings and the Environment fields"><figcaption>Theme, paint brush and environment, top to bottom.</figcaption></figure>

<h2>Paint single surfaces</h2>
<p>To give one wall or one floor a different look, set up the <strong>Paint brush</strong> and then paint with it.</p>
<ol>
<li>In <strong>Shape Style</strong>, choose a <strong>Finish</strong>: <strong>Plaster</strong>, <strong>Wood</strong>, <strong>Brick</strong>, <strong>Concrete</strong>, <strong>Marble</strong>, <strong>Dark</strong>, <strong>Rough plaster</strong>, <strong>Terrazzo</strong> or <strong>Carpet</strong>.</li>
<li>Set the <strong>Brush colour</strong> and, if you like, a <strong>Brush tint</strong>. Colours can be typed as hex, RGBA or HSLA, or picked.</li>
<li>Move the <strong>Roughness</strong> slider: towards 0 the surface shines, towards 1 it is matt.</li>
<li>Go to <strong>Define Space</strong>, choose the <strong>Paint</strong> tool and click the surfaces you want to change. Each click is one step you can undo.</li>
</ol>
<p>The <strong>Eraser</strong> tool, next to <strong>Paint</strong>, takes a painted surface back to the look of the theme (or the default, if you chose no theme).</p>
<h3>How the surfaces are drawn</h3>
<p>Finishes are not photos that have to download: the viewer generates their colour, relief and roughness itself when it builds the room, so a finely finished room costs your visitors nothing extra to load. On lower graphics settings visitors see the colour only; from <strong>Medium</strong> up they also see relief and shine.</p>
<figure><img src="/cms-media/guide-shape-style-2.png" alt="A gallery room in the viewer with painted walls, a terrazzo floor and lit pictures"><figcaption>Finishes and picture lights as visitors see them.</figcaption></figure>

<h2>Set the environment</h2>
<p>Under <strong>Environment</strong> you find three fields. Type an address and press <strong>Apply</strong>; empty the field and press <strong>Apply</strong> to remove what you set.</p>
<ul>
<li><strong>Sky URL</strong>: a panorama picture (an equirectangular image) shown around the building. Without one, the sky is a soft daylight gradient.</li>
<li><strong>Terrain URL</strong>: a picture that covers the ground around the building.</li>
<li><strong>Ambient sound URL</strong>: a sound that plays while people visit. Visitors control it in the viewer's <strong>Sound</strong> panel: play, pause and volume, and the volume is remembered in their browser.</li>
</ul>
<p>Use files stored on this platform, whose addresses start with <em>/</em>. Pictures and sounds from other websites are not loaded into spaces.</p>

<h2>Tips</h2>
<ul>
<li>Choose the theme first and paint afterwards: a theme replaces surfaces painted one by one.</li>
<li>Switch the <strong>Camera</strong> to <strong>Walk</strong> in <strong>History, view and cost</strong> to judge colours at eye height, where visitors see them.</li>
<li>Look at your space with the editor header's <strong>Preview</strong>: it opens the viewer on your draft, with the same light your visitors will get.</li>
</ul>
<p>Props such as benches, plants and pedestals are placed like any other object; you find them in the next step, <a href="/resources/guides/add-content">Add Content</a>.</p>`,
};

const addContent: SeedArticle = {
  kind: 'guide',
  slug: 'add-content',
  title: 'Add Content: pictures, videos, models, texts, web views and portals',
  description:
    'The third editor step: place built-in items or your own library on walls and floors, upload pictures, videos and 3D models, and set titles, labels and links.',
  category: 'Editor',
  tags: ['editor', 'add content', 'library', '3d models', 'uploads'],
  author: 'maren-holt',
  date: '2026-03-09',
  updatedDate: '2026-09-02',
  screenshots: [
    {
      file: 'guide-add-content-1.png',
      route: '/curate',
      caption: 'Add Content: placed objects above, the Built-in tab below',
    },
    {
      file: 'guide-add-content-2.png',
      route: '/curate',
      caption: 'The My library tab with search, type filter and Upload',
    },
    {
      file: 'guide-add-content-3.png',
      route: '/viewer/{demo}',
      caption: 'Pictures with museum labels in a published space',
    },
  ],
  content: `<p><strong>Add Content</strong> is where your space fills up: pictures on the walls, videos, 3D models, texts, web pages, portals to other spaces, information points and furniture. At the top of the step you see <strong>Placed objects</strong>, everything already in the space; below it, the things you can add, in two tabs: <strong>Built-in</strong> and <strong>My library</strong>.</p>

<h2>Place something</h2>
<p>Every item in the two tabs can be placed in two ways:</p>
<ul>
<li><strong>Drag it onto the space.</strong> A picture dropped on a wall hangs flush on it; other items stand where you drop them.</li>
<li><strong>Press its Add button.</strong> A picture hangs on the wall you are facing, at eye height; anything else stands on a free spot of the floor in front of you.</li>
</ul>
<p>The <strong>Built-in</strong> tab has sample pictures, videos and 3D models, a <strong>3D text</strong>, a <strong>Hypertext</strong>, a <strong>Web view</strong>, a <strong>Portal</strong>, an <strong>Info point</strong> and the <strong>Props</strong>: <strong>Bench</strong>, <strong>Plant</strong>, <strong>Pedestal</strong>, <strong>Sofa</strong>, <strong>Floor lamp</strong> and <strong>Rope barrier</strong>. They are useful to try things out before your own files are ready.</p>
<figure><img src="/cms-media/guide-add-content-1.png" alt="The Add Content step with the Placed objects list and the Built-in tab's grid of items"><figcaption>What is placed comes first, what you can add below.</figcaption></figure>

<h2>Use your own library</h2>
<p>The <strong>My library</strong> tab shows the pictures, videos, 3D models, 3D texts, hypertexts and web views you have uploaded. Search it with <strong>Search my library</strong>, narrow it with <strong>Type</strong>, and place items exactly like the built-in ones. The same library is in your profile, under <strong>Content library</strong>, where you can edit or delete each item.</p>
<h3>Upload</h3>
<ol>
<li>Press <strong>Upload</strong> and choose what you are adding: <strong>Image</strong>, <strong>Video</strong>, <strong>Model 3D</strong>, <strong>Text 3D</strong>, <strong>Hyper Text</strong> or <strong>Web view</strong>.</li>
<li>Drop the file on the form, or click to choose it. The form shows the upload's progress.</li>
<li>Fill in the <strong>Title</strong> and, if you like, a description, tags and a <strong>Licence</strong>, then press <strong>Save</strong>. The new item appears first in the tab.</li>
</ol>
<p>What you can upload:</p>
<ul>
<li><strong>Images</strong>: JPG, PNG or WebP, up to 8 MB.</li>
<li><strong>Videos</strong>: MP4, WebM, Ogg or MOV, up to 30 MB.</li>
<li><strong>3D models</strong>: a .glb file; a .gltf with its .bin and textures; an .obj with its .mtl and textures; or a .zip of any of these. Up to 30 MB for the whole upload.</li>
</ul>
<p>The platform checks what a file really is from its contents, not from its name.</p>
<figure><img src="/cms-media/guide-add-content-2.png" alt="The My library tab with a search field, the Type menu, the Upload button and uploaded items"><figcaption>Your library, searchable and filtered by type.</figcaption></figure>
<h3>What happens to a 3D model</h3>
<p>After the upload the server prepares the model so it loads quickly on every device, and shows the figures before and after. It aims for at most 50,000 triangles, 25 materials, textures of at most 2048 pixels a side (stored as WebP) and a file of at most 16 MB. Your original upload is kept as it was. A model that stays over budget is stored all the same; the form tells you which figures are over. Models made in other units are handled too: if a model's largest side is between 5 cm and 10 m it keeps its size, otherwise it is fitted to 2 m, and you can change the size in the form. If a file is damaged, or a part the model needs is missing, the form tells you.</p>
<h3>Storage</h3>
<p>Your library holds up to 500 MB on the Free plan, 5 GB on Standard and 50 GB on Pro. Deleting an item frees its space; spaces that already use it keep showing it.</p>

<h2>Edit what you placed</h2>
<p>Click an object in the space, or its name in <strong>Placed objects</strong>. Then:</p>
<ul>
<li>Press <strong>W</strong>, <strong>E</strong> or <strong>R</strong> to move, rotate or scale it with the handles, or choose the <strong>Gizmo mode</strong> in <strong>History, view and cost</strong>.</li>
<li>Use <strong>Delete</strong>, <strong>Duplicate</strong>, <strong>Copy</strong>, <strong>Paste</strong> and <strong>Focus</strong> under the list. Shift-click or Ctrl-click selects several objects.</li>
<li>Change its fields under <strong>Selected object</strong>.</li>
</ul>
<h3>The fields of each kind</h3>
<ul>
<li><strong>Pictures</strong>: <strong>Title</strong>, <strong>Description</strong>, <strong>Alt text</strong>, <strong>Artist</strong>, <strong>Year</strong>, <strong>Width</strong>, <strong>Height</strong>, <strong>Frame</strong> and <strong>Frame colour</strong>. A picture with a title, artist or year gets a museum label beside it. The alt text is read out to visitors who use a screen reader, so describe what the picture shows.</li>
<li><strong>Videos</strong>: <strong>Autoplay</strong> and <strong>Loop</strong>.</li>
<li><strong>3D models</strong>: <strong>Animated</strong>, <strong>Autoplay</strong> and <strong>Loop</strong> for models with animations; <strong>Clickable</strong>, <strong>Collision</strong> (<strong>None</strong>, <strong>Simple</strong> or <strong>Precise</strong>) and an <strong>External link</strong>.</li>
<li><strong>3D texts</strong>: the <strong>Text</strong>, <strong>Font</strong> (four built-in families), <strong>Size</strong>, bold, italic and underline, <strong>Letter case</strong>, <strong>Text colour</strong>, <strong>Alignment</strong>, <strong>Wrap lines in a box</strong>, <strong>Outline</strong> and <strong>Drop shadow</strong>. Texts draw Latin characters; others are refused with <em>The following characters are not supported</em>.</li>
<li><strong>Hypertexts</strong> are 3D texts with a <strong>Link</strong>: a visitor who clicks one opens the page in a new tab.</li>
<li><strong>Web views</strong>: the <strong>Page URL</strong> of a web page (https) shown live on a screen in the space. Some websites do not allow other sites to show them; those stay empty.</li>
<li><strong>Portals</strong>: the <strong>Target space</strong>, searched by title among your own spaces and the published ones, and a <strong>Label</strong>. Visitors who click the portal go to that space.</li>
<li><strong>Info points</strong>: a <strong>Title</strong> and a <strong>Text</strong> that open when a visitor clicks the point.</li>
</ul>
<figure><img src="/cms-media/guide-add-content-3.png" alt="Framed pictures on a gallery wall, each with a small label giving title, artist and year"><figcaption>Title, artist and year become a museum label next to the picture.</figcaption></figure>

<h2>Good habits</h2>
<ul>
<li>Fill in titles as you go: <strong>Placed objects</strong> lists objects by title, and the viewer's map and list view use them too.</li>
<li>Leave walking room: a model whose <strong>Collision</strong> is not <strong>None</strong> is solid, and visitors walk around it.</li>
<li>Use <strong>Preview</strong> in the editor header to check the space as a visitor before you publish it.</li>
</ul>
<p>Next: <a href="/resources/guides/create-stories-or-paths">Create Stories or Paths</a>, to lead visitors through what you placed.</p>`,
};

const createPaths: SeedArticle = {
  kind: 'guide',
  slug: 'create-stories-or-paths',
  title: 'Create Stories or Paths: guided tours and the starting view',
  description:
    'The fourth editor step: record guided tours stop by stop from the camera, and choose where visitors stand and look when they enter your space.',
  category: 'Editor',
  tags: ['editor', 'guided tours', 'paths', 'storytelling'],
  author: 'maren-holt',
  date: '2026-03-12',
  screenshots: [
    {
      file: 'guide-paths-1.png',
      route: '/curate',
      caption: 'Create Stories or Paths with a tour and its points',
    },
    {
      file: 'guide-paths-2.png',
      route: '/viewer/{demo}',
      caption: 'The Paths panel in the viewer, during a tour',
    },
  ],
  content: `<p>A space can be explored freely, but a good exhibition also tells a story. In <strong>Create Stories or Paths</strong> you record guided tours: a sequence of views the viewer moves through on its own, with a title at each stop. You also choose the view visitors get when they arrive.</p>

<h2>Set where visitors enter</h2>
<p>Without a choice of yours, a premade room opens facing its main wall, and a custom space opens at the point from which the most artworks are in view. To choose yourself:</p>
<ol>
<li>Switch the <strong>Camera</strong> to <strong>Walk</strong> in <strong>History, view and cost</strong> and stand where a visitor should start, looking the way they should look.</li>
<li>Press <strong>Set start here</strong>. The editor confirms: <em>Start set here: visitors open the space from this view</em>.</li>
</ol>
<p>You can press it again at any time; the last view counts.</p>

<h2>Record a guided tour</h2>
<ol>
<li>Press <strong>Add tour</strong>. A tour card appears, called <em>Tour 1</em>; change its name in <strong>Tour title</strong>.</li>
<li>Move the camera to the first view of the tour.</li>
<li>Type a <strong>New point title</strong> (without one, the point is called <em>Point 1</em>, <em>Point 2</em> and so on) and set its <strong>Duration (s)</strong>, how long the tour stays there. The default is 5 seconds; the shortest is 3.</li>
<li>Press <strong>Add point from camera</strong>. The point keeps exactly what the camera sees.</li>
<li>Move to the next view and repeat, until the tour is complete.</li>
</ol>
<figure><img src="/cms-media/guide-paths-1.png" alt="The Create Stories or Paths step with Add tour, Set start here and a tour card listing its points"><figcaption>A tour card: its title, its points, and the fields for the next point.</figcaption></figure>
<h3>Edit a tour</h3>
<p>Each point has its own row, where you can:</p>
<ul>
<li>change its <strong>Point title</strong> and <strong>Duration (s)</strong>;</li>
<li>move it up or down in the order with the arrows;</li>
<li>preview it: the editor's camera goes to that view;</li>
<li>delete it.</li>
</ul>
<p>The bin next to the tour title deletes the whole tour. Like every other change in the editor, all of this can be undone.</p>
<h3>More than one tour</h3>
<p>A space can have several tours, for example a short highlights tour and a long one. Tours beyond the first are listed as <strong>Extra paths</strong> in the <strong>Cost</strong> box of <strong>History, view and cost</strong>.</p>

<h2>What visitors see</h2>
<p>In the viewer, the <strong>Paths</strong> panel lists the space's tours (or says <em>There are no guided tours.</em>). A visitor picks one and presses <strong>Start tour</strong>; the camera then glides from point to point, waiting at each for its duration. While a tour runs they can go to the <strong>Previous point</strong> or <strong>Next point</strong>, pause and resume it, or stop it. The panel shows where they are, for example <em>Point 2 of 7</em>.</p>
<figure><img src="/cms-media/guide-paths-2.png" alt="The viewer with the Paths panel open, showing the tour controls and the current point"><figcaption>Visitors start, pause and step through tours in the Paths panel.</figcaption></figure>
<h3>Tours for everyone</h3>
<ul>
<li>With the keyboard, <strong>←</strong> and <strong>→</strong> go to the previous or next stop, <strong>Space</strong> pauses and resumes, and <strong>Escape</strong> stops the tour.</li>
<li>A screen reader announces each stop, for example <em>Stop 2 of 7</em> followed by its title.</li>
<li>For visitors who ask their device for reduced motion, the moves between stops become cuts.</li>
<li>The viewer's <strong>List view</strong> puts the works of the space in reading order, starting with the works of the first tour, so your tour also shapes how the space reads as text.</li>
</ul>

<h2>Tips for good tours</h2>
<ul>
<li>Frame each stop the way you would photograph it: the work in the middle, with some wall around it.</li>
<li>Use titles that make sense when read aloud, since they are announced to screen reader users.</li>
<li>Give long texts and videos a longer duration, so visitors have time to read and watch.</li>
<li>Try your tour in the editor header's <strong>Preview</strong> before you publish.</li>
</ul>
<p>Next: <a href="/resources/guides/publish-and-share">Publish &amp; Share</a>.</p>`,
};

const publishAndShare: SeedArticle = {
  kind: 'guide',
  slug: 'publish-and-share',
  title: 'Publish & Share: the publish wizard, private spaces, sharing and embedding',
  description:
    'The last editor step: publish your space into a slot, decide who may visit and talk in it, then share its link, embed it on your website and follow its visits.',
  category: 'Publishing',
  tags: ['publishing', 'sharing', 'embed', 'privacy', 'slots'],
  author: 'ines-okafor',
  date: '2026-03-16',
  updatedDate: '2026-10-21',
  screenshots: [
    {
      file: 'guide-publish-1.png',
      route: '/curate',
      caption: 'The publish wizard: Space info, Placement, Privacy, Communication, Publish',
    },
    {
      file: 'guide-publish-2.png',
      route: '/viewer/{demo}',
      caption: 'The Share panel with the link, the share buttons and Embed',
    },
    {
      file: 'guide-publish-3.png',
      route: '/viewer/embed/{demo}',
      caption: 'An embedded space, as it appears on another website',
    },
  ],
  content: `<p>A draft is only yours. Publishing makes a copy of it that others can visit, find and share. Go to the editor's last step, <strong>Publish &amp; Share</strong>, and press <strong>Publish</strong>. If the space has unsaved changes the editor saves it first, then opens the publish wizard.</p>

<h2>The publish wizard</h2>
<p>The wizard has five steps. You can go back at any time, and the last step only opens once the four before it are complete.</p>
<h3>1. Space info</h3>
<ul>
<li><strong>Title</strong>: up to 100 characters. A space still called <em>Untitled space</em> cannot be published.</li>
<li><strong>Description</strong>: what visitors find in the space.</li>
<li><strong>Tags</strong>: at least 3 and at most 10. Type a tag and finish it with a comma or a semicolon. Tags help people find your space in Explore.</li>
<li><strong>Allow comments</strong> and <strong>Adult content</strong>.</li>
<li><strong>Cover photo</strong> (required): choose a picture and crop it. It is shown on the space's card and in link previews.</li>
<li><strong>Photo gallery</strong>: up to 10 more pictures.</li>
</ul>
<h3>2. Placement</h3>
<p>A published space occupies a slot. Under <strong>Choose a slot</strong> you see yours: the <strong>Free slot</strong> that comes with your plan, any <strong>Extra slot</strong> you bought, and the district slots an Owner gave you (<em>Slot in the district …</em>). Each says whether it is <em>Empty</em>, <em>Occupied by</em> another space, or already <em>Holds this space</em>.</p>
<p>No slot free? Press <strong>Add an extra slot for 100 credits</strong>. The credits come from your wallet; if you have too few, the wizard offers credit bundles and a card checkout. An empty extra slot can be deleted again, but the credits it cost are not refunded.</p>
<h3>3. Privacy and 4. Communication</h3>
<p><strong>Who can view this space?</strong> and <strong>Who can communicate in this space?</strong> each offer <strong>Everyone</strong> or <strong>Only selected users and groups</strong>. Choosing people needs the Standard plan or higher; on the Free plan both steps stay on <strong>Everyone</strong> and link to the plans. Pick users by name and any of your groups; you make groups in your profile, under <strong>Connections › Groups</strong>.</p>
<h3>5. Publish</h3>
<p>Check the summary. <strong>Listed in Explore</strong> is on by default; turn it off and only people with the link can find the space. Then press <strong>Publish</strong>. The editor says <em>Your space is published.</em>, its badge turns to <strong>Published</strong>, and the share panel opens.</p>
<figure><img src="/cms-media/guide-publish-1.png" alt="The publish wizard open on the Space info step with title, description, tags and cover photo fields"><figcaption>The wizard's five steps, with Space info open.</figcaption></figure>

<h2>Private spaces</h2>
<p>A space whose viewers are <strong>Only selected users and groups</strong> is private. Only the people you chose, and the accepted members of the groups you chose, can open it; an invitation to a group that has not been accepted yet does not count. Someone else who opens the link is asked to sign in, or told <em>You don't have permission to access this 3D space</em>. Private spaces show no preview card when their link is pasted elsewhere.</p>
<p>Communication works the same way for chat and voice: people outside your list can visit, but for them <em>Communications are disabled</em>.</p>

<h2>Changing a published space</h2>
<p>Visitors see the space as it was when you published it. Keep editing the draft as long as you like; when you are ready, run the wizard again and choose the slot that <em>Holds this space</em>. Its visitors see the new version from then on.</p>

<h2>Share it</h2>
<p>The <strong>Share</strong> panel (in the editor after publishing, on the space's card in your profile, and in the viewer's sidebar) has:</p>
<ul>
<li>the <strong>Viewer link</strong>, with <strong>Copy link</strong>;</li>
<li>buttons to share on social networks and messaging apps, and by e-mail;</li>
<li><strong>Embed</strong>, for your own website.</li>
</ul>
<p>Pasted into a chat or a social network, the link of a public space unfolds into a card with its title, description and cover photo.</p>
<figure><img src="/cms-media/guide-publish-2.png" alt="The viewer's Share panel with the space's link, a copy button, share buttons and the Embed button"><figcaption>Everything for sharing in one panel.</figcaption></figure>
<h3>Embed it on a website</h3>
<ol>
<li>In the <strong>Share</strong> panel, press <strong>Embed</strong>.</li>
<li>Choose whether the embedded space shows <strong>Show sign-in</strong> and <strong>Show communications</strong> (chat, voice and emotes). Both are off unless you tick them.</li>
<li>Press <strong>Copy code</strong> and paste the code into your page. It shows the space in a frame 700 pixels wide and 500 high; change those numbers in the code if your page needs another size.</li>
</ol>
<p>Visitors walk around the space right on your page, and <strong>Open full space</strong> takes them to the full viewer. Website builders and content systems that support oEmbed can also embed a public space from its plain link.</p>
<figure><img src="/cms-media/guide-publish-3.png" alt="A space shown inside a frame on a web page, with a button to open the full space"><figcaption>An embedded space keeps its panels for information, paths and settings.</figcaption></figure>

<h2>After publishing</h2>
<p>The space's card in your profile (<strong>Spaces › Published</strong>) offers <strong>Edit</strong>, <strong>Preview</strong>, <strong>Share</strong>, <strong>Insights</strong>, <strong>Duplicate</strong>, <strong>Hide</strong> and <strong>Delete</strong>.</p>
<ul>
<li><strong>Insights</strong> shows visits, unique visitors, the median time spent, the most opened works and information points, and where visitors came from (direct, embed, Explore or a shared link), over the last 7, 30 or 90 days. It is counted without cookies or tracking, and your own visits are left out.</li>
<li><strong>Hide</strong> closes the space to everyone but you until you choose <strong>Unhide</strong>.</li>
<li><strong>Delete</strong> removes the space for good, after a confirmation, and frees its slot at once.</li>
</ul>`,
};

const districts: SeedArticle = {
  kind: 'guide',
  slug: 'districts',
  title: 'Districts: your own address, members, roles and promotion',
  description:
    'Make a district on its own subdomain, invite members as Owners or Creators, give them slots to publish into, make groups, and decide which spaces your home promotes.',
  category: 'Districts',
  tags: ['districts', 'subdomain', 'members', 'roles', 'pro plan'],
  author: 'ines-okafor',
  date: '2026-03-20',
  updatedDate: '2026-11-04',
  screenshots: [
    {
      file: 'guide-districts-1.png',
      route: '{district}',
      caption: 'A district home with its theme, logo, promoted and published spaces',
    },
    {
      file: 'guide-districts-2.png',
      route: '/explore',
      caption: 'The Districts tab of Explore',
    },
    {
      file: 'guide-districts-3.png',
      route: '/pricing',
      caption: 'The Pro plan, which includes a district',
    },
  ],
  content: `<p>A district is your organisation's own place on the platform: its own address (<em>yourname.</em> followed by the platform's domain), its own logo and colours, and a home page that lists the spaces published in it. A museum can gather its exhibitions in one, a school its classrooms, a studio its shows. Visitors can follow a district and find the public ones in Explore.</p>
<figure><img src="/cms-media/guide-districts-1.png" alt="A district home page with the district's header, logo, cover photo, promoted spaces and the list of its spaces"><figcaption>A district home, on its own subdomain.</figcaption></figure>

<h2>Make a district</h2>
<p>Districts come with the <a href="/pricing">Pro plan</a>, which includes the district, its first 4 slots and one premade space. Go to your profile's <strong>Districts</strong> section, tab <strong>My districts</strong>, and press <strong>Create district</strong>. The wizard has four steps.</p>
<ol>
<li><strong>General</strong>: choose <strong>Public</strong> (open to all visitors) or <strong>Private</strong> (no public access, members must be invited), the <strong>District title</strong> (2 to 50 characters) and the <strong>Subdomain</strong>. The subdomain takes lowercase letters, numbers and hyphens, 2 to 50 characters, and cannot start or end with a hyphen; a few names the platform uses itself are reserved. The wizard checks the address as you type and says <em>This address is free</em> when it is.</li>
<li><strong>Space slots</strong>: your district comes with 4 slots to publish spaces into. Add more if you need them, at 100 credits each.</li>
<li><strong>Premade spaces</strong>: choose your free premade space. More can be added for credits; each shows its price.</li>
<li><strong>Overview</strong>: the credits charged, what is in your wallet and what is missing. If credits are missing, choose a credit bundle. If you are not on Pro yet, the Pro plan is chosen for you (yearly; you can switch to monthly). Unticking it asks <em>Continue without Pro?</em>, because a district cannot be published without it. Press <strong>Pay and publish</strong> (or <strong>Publish</strong> when nothing is to be paid).</li>
</ol>
<p>After a card payment the wizard waits until your Pro plan has started, then makes the district. You are never charged twice if you press again. When it says the district is ready, open it on its new address.</p>

<h2>Members and roles</h2>
<p>A district has two roles:</p>
<ul>
<li><strong>Owners</strong> run it: settings, members, invitations, slots, groups, and answers to requests. The person who made the district stays its owner; other members can be made Owners too.</li>
<li><strong>Creators</strong> publish into the slots given to them, use the district's library and ask the district to host or promote their spaces.</li>
</ul>
<p>Owners and Creators can both schedule events in the district's spaces and mute, remove or ban visitors there.</p>
<h3>Invite people</h3>
<ol>
<li>On your district's address, open <strong>Members</strong>, tab <strong>Invitations</strong>.</li>
<li>Press <strong>Make an invitation link</strong> and send the link to anyone who should join, or type an <strong>E-mail address</strong> and press <strong>Send invitation</strong>. A link can be used by several people and shows how often it was used; an e-mail invitation works once, for that address.</li>
<li>The invited person opens the link, signs in and accepts. They join as a Creator.</li>
</ol>
<p><strong>Open invitations</strong> lists the links and e-mail invitations still open; <strong>Withdraw</strong> one to stop it working.</p>
<h3>Manage members and slots</h3>
<p>In <strong>Members</strong>, tab <strong>All</strong>, Owners change each member's role or remove them; the slots given to a removed member go back to the Owners. Creators can leave the district there. Below the list, <strong>Slots</strong> shows each slot of the district, what it holds, and who may publish into it: pick a member, or leave it to the Owners only.</p>

<h2>Publishing into a district</h2>
<p>A Creator with a slot publishes as usual: in the publish wizard's <strong>Placement</strong> step, their district slot appears as <em>Slot in the district …</em>. Without a free slot, the wizard suggests asking the district owner for one, or publishing in a slot of your own and asking the district to host the space. The district's <strong>Spaces › Drafts</strong> tab lists your drafts as a reminder.</p>
<h3>Hosting and promotion</h3>
<p>In <strong>Spaces › Hosting requests</strong>, members ask the district to show one of their published spaces (<strong>Hosting</strong>) or to promote a space it already shows (<strong>Promotion</strong>), with an optional message. Owners accept or decline, can add a space directly, and can take a hosted or promoted space off again. Both sides are notified. Promoted spaces lead the district's home.</p>

<h2>Groups, library and settings</h2>
<ul>
<li><strong>Groups</strong>: Owners make groups of members with <strong>New group</strong>, for example a class or a team. Members accept under <strong>Groups › Invitations</strong>. A group can then be chosen in the publish wizard's <strong>Privacy</strong> and <strong>Communication</strong> steps, to open a space to that group only.</li>
<li><strong>Library</strong>: the district's own images, videos, 3D models, 3D texts and hypertexts, for its members to use. Members may change what they added; Owners may change everything.</li>
<li><strong>Settings</strong> (Owners only): under <strong>General</strong> the title, subtitle, description, public or private, <strong>Listed in Explore</strong> and social links; under <strong>Appearance</strong> the logo, cover photo, theme (<strong>Harbour</strong>, <strong>Gallery white</strong>, <strong>Forest</strong>, <strong>Terracotta</strong>, <strong>Plum</strong> or <strong>Graphite</strong>) and type face.</li>
</ul>
<p>Need more room later? Owners see <strong>Upgrade</strong> in the district's header: the same wizard, starting at <strong>Space slots</strong>, to add slots and premade spaces for credits.</p>
<figure><img src="/cms-media/guide-districts-2.png" alt="The Explore page with the Districts tab open, showing district cards"><figcaption>Public districts that are listed appear in Explore's Districts tab.</figcaption></figure>

<h2>Private districts</h2>
<p>A private district is for its members only. Anyone else who opens its address is told <em>You don't have access to this District</em>; someone with an invitation link is asked to sign in and accept, and is then let in.</p>
<figure><img src="/cms-media/guide-districts-3.png" alt="The pricing page with the Free, Standard and Pro plans side by side"><figcaption>Districts are part of the Pro plan.</figcaption></figure>`,
};

export const seedArticles: SeedArticle[] = [
  defineSpace,
  shapeStyle,
  addContent,
  createPaths,
  publishAndShare,
  districts,
  selfHosting,
  meetingPeople,
  behindTheViewer,
];
