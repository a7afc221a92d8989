import type { SeedArticle } from './types';

/**
 * The blog posts a new installation starts with (listed in articles.ts). As with the guides, every
 * statement was checked against the product as built: keep them true when the product changes.
 */
export const selfHosting: SeedArticle = {
  kind: 'blog',
  slug: 'self-hosting-spaces-in-two-commands',
  title: 'Self-hosting Spaces in two commands',
  description:
    'Spaces runs as one server process with its database, file store and sign-in built in. Here is what the two commands give you, and what to set before you open your copy to others.',
  category: 'News',
  tags: ['self-hosting', 'operators', 'installation'],
  author: 'ines-okafor',
  date: '2026-04-08',
  updatedDate: '2026-10-02',
  content: `<p>Everything you use on this platform, from the editor to districts and live chat, is also something you can run yourself. We wanted that to be easy enough to try on a laptop, and solid enough to grow into a real installation without starting over.</p>

<h2>The two commands</h2>
<p>In a copy of the source code, run <strong>npm ci</strong> and then <strong>npm start</strong>. That is all. The first command installs what the platform depends on; the second builds the app, prepares the database and starts the server on port 8080.</p>
<p>The only requirement is Node.js 20.19 or newer. There is no database server to install and no storage service to set up: an embedded database and a file store are built in, and they keep their data in a folder called <em>data</em> next to the code. The platform also runs its own sign-in service, so people can create accounts straight away.</p>

<h2>What you get on the first start</h2>
<ul>
<li><strong>Demo content.</strong> The first start of an empty install creates three demo accounts, each owning published spaces built from the premade rooms: twelve spaces in all, and two districts, one public and one private. The README lists the accounts and their shared password. Change or delete them before you open the platform to anyone, or start with <em>SEED_DEMO=false</em> to skip them.</li>
<li><strong>Districts on localhost.</strong> A district lives at its own subdomain. Many browsers send names like <em>gallery.localhost:8080</em> to your own machine, so districts work locally without any DNS set-up.</li>
<li><strong>Test payments.</strong> Until you configure a real card payment provider, purchases go through a built-in test provider. Its card form takes 4242 4242 4242 4242 (with any future expiry and any CVC), and credits and plans are granted exactly as a real payment would grant them. Two more test numbers in the README let you try a declined card and a card that asks for confirmation.</li>
<li><strong>Help content.</strong> These FAQs, guides and the glossary are part of every install.</li>
</ul>

<h2>Before you open it to others</h2>
<p>Every setting comes from an environment variable, and each one is checked when the server starts: a wrong value stops the server with a message naming the variable. For a local install nothing needs to be set. For a public one, the ones that matter most are:</p>
<ul>
<li><strong>PUBLIC_ORIGIN</strong> and <strong>BASE_DOMAIN</strong>: the address people reach the platform at, and the domain under which districts get their subdomains. Point the district host names at the server as well, for example with a wildcard DNS record.</li>
<li><strong>TRUST_PROXY</strong>: behind a reverse proxy or load balancer, so that sign-in limits count the real visitor's address. By default no forwarded header is believed.</li>
<li><strong>ADMIN_EMAIL</strong>: the account with this address becomes an operator of the platform (sign up first). Operators have the operator area at <em>/admin</em>, with every e-mail the platform sent.</li>
<li><strong>SMTP_URL</strong>: a mail server for password resets and district invitations. Without one, mail stays in the outbox, where an operator can read it and follow its links. Failed sends are retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 6 hours.</li>
<li><strong>DATABASE_URL</strong>: an external database server instead of the embedded one. The same migrations run at start-up either way.</li>
</ul>
<p>The README's Configuration table also covers an external object store for uploads, a real card payment provider, STUN and TURN servers for voice between visitors on different networks (<strong>ICE_SERVERS</strong>), and a media server for voice in large crowds. It also explains how to connect an external sign-in provider instead of the built-in one.</p>

<h2>Growing</h2>
<p>The server scales out by running more copies of the same process behind a load balancer, with no sticky sessions. Give every process the same external database, the same file store and a shared message broker, so that live updates reach each visitor whichever process they are connected to. Processes may even start at the same moment on an empty database: migrations and the demo content run one after another, never twice.</p>

<h2>Keeping it safe</h2>
<p>A few things are on from the first start: per-address and per-account limits on sign-in attempts (after three wrong passwords in a row, each further one makes the next attempt wait, from 1 second up to a minute), security headers with a strict content policy, and an embed page that is the only page other sites may frame. Your data stays in the <em>data</em> folder (or your own database and store), so that is what you back up; stop the server first for a consistent copy of the embedded database.</p>
<p>The README has the details. We would love to hear what you build with it: the <a href="/contact-us">contact form</a> reaches us.</p>`,
};

export const meetingPeople: SeedArticle = {
  kind: 'blog',
  slug: 'meeting-people-in-a-space',
  title: 'Meeting people in a space: chat, voice and parties',
  description:
    'A space is better with company. How visitors see each other, chat, talk with their voices, wave, and go round spaces together in parties, and how owners keep it pleasant.',
  category: 'News',
  tags: ['live', 'chat', 'voice', 'parties', 'events'],
  author: 'tomas-ferreira',
  date: '2026-06-17',
  content: `<p>An exhibition opening is not only about the works on the wall; it is about the people in the room. From the start we wanted visiting a space to feel the same: you should see who else is there, say hello, and walk on together. Here is what is in the viewer today.</p>

<h2>You are not alone</h2>
<p>When you open a published space you join it live, signed in or as a guest called <em>Guest</em> followed by four characters. The viewer shows two avatars and a count of the others, and <strong>Who is here</strong> lists everyone in your instance of the space. An instance holds up to 1,000 visitors by default; when it is full, the next visitor opens a new one. Space cards in Explore, on profiles and in districts show how many people are in a space right now.</p>
<p>Other visitors walk around as avatars with name tags. Pick your own shape and colour in your profile, under <strong>Edit info › Avatar</strong>: three shapes and eight colours. The nearest 12 visitors within 30 m are drawn as full animated figures that walk and idle; everyone further away is drawn as a lightweight stand-in of the same look, so even a busy space stays smooth. If you would rather look at the works alone, turn off <strong>Show other visitors</strong> in the viewer's <strong>Settings</strong>.</p>
<p>The <strong>Emotes</strong> panel has nine ways to say something without words, from <strong>Wave</strong> and <strong>Clap</strong> to <strong>Backflip</strong> and <strong>Hip Hop</strong>.</p>

<h2>Chat</h2>
<p>The <strong>Chat</strong> panel has three tabs:</p>
<ul>
<li><strong>Public</strong>: everyone in your instance. Messages are text, up to 500 characters. When you arrive you read the last 10 minutes of conversation, so you are never dropped into the middle of nothing.</li>
<li><strong>Event</strong>: while one of the space's scheduled events is on, the chat of everyone in the space, across all its instances.</li>
<li><strong>Direct</strong>: your private conversations with other members, the same ones you find under <strong>Messages</strong> in the header. You can start one from anyone's profile with <strong>Message</strong>, or greet the creator of the space from the viewer.</li>
</ul>
<p>If your connection drops for a moment, what you wrote waits and is sent when you are back.</p>

<h2>Voice</h2>
<p>Open the <strong>Voice</strong> panel and press <strong>Turn on microphone</strong>. Choose <strong>Push to talk</strong> (hold the button, or hold <strong>V</strong> while you walk) or <strong>Open microphone</strong>. Voices are spatial: you hear each person from where they stand, louder when near, fading with distance. By default your browser talks directly with the nearest 6 visitors within 25 m, and the panel tells you how many are in range. Platforms expecting big crowds can add a media server, after which you hear up to the 24 nearest speakers.</p>

<h2>Parties</h2>
<p>Sometimes you want to tour several spaces with friends. Invite a signed-in visitor from <strong>Who is here</strong> and you start a party that you lead. Invitations wait in the other person's <strong>Party</strong> panel for an hour; a party holds up to 8 people. When the leader walks through a portal or opens another space, the members who were with them follow into the same instance, unless they have turned <strong>Follow the leader to other spaces</strong> off. A leader who leaves hands the party on to someone else.</p>

<h2>Events</h2>
<p>The owner of a space, and for a space in a district its Owners and Creators, can schedule events in the <strong>Events</strong> panel: a title, a start and an end, at most a week long, and up to 20 to come. Every visitor sees the list, with <em>Live now</em> while one is on, and space cards show the event while it is on.</p>

<h2>Keeping it pleasant</h2>
<ul>
<li>Anyone can <strong>Mute for me</strong> another visitor, so their chat no longer reaches you, or <strong>Block</strong> them, which hides their avatar too. Blocks between signed-in members also stop direct messages between you.</li>
<li>The owner of a space (and, for a space in a district, the district's Owners and Creators) can <strong>Mute in this space</strong>, <strong>Remove from this space</strong> or <strong>Ban from this space</strong> from the <strong>Who is here</strong> list.</li>
<li>On the Standard plan and up, owners choose who may communicate at all when they publish; everyone else can visit, but chat and voice are off for them.</li>
<li>Embedded spaces leave chat, voice and emotes out unless the site that embeds them asks for them.</li>
</ul>
<p>Try it: open a space from <a href="/explore">Explore</a> with a friend, and say hello.</p>`,
};

export const behindTheViewer: SeedArticle = {
  kind: 'blog',
  slug: 'behind-the-viewer-fast-on-phones',
  title: 'Behind the viewer: how spaces stay fast on phones',
  description:
    'A space should open quickly and move smoothly on an ordinary phone. The choices behind the viewer, and the budgets our benchmarks hold it to.',
  category: 'News',
  tags: ['performance', 'viewer', 'mobile', 'engineering'],
  author: 'tomas-ferreira',
  date: '2026-09-23',
  content: `<p>Most visitors open a space from a link, often on a phone, often on a so-so connection. If the first view takes long, or the walk stutters, they leave. So the viewer was built around a few budgets, and every build is measured against them. Here is what we do, and the numbers we hold ourselves to.</p>

<h2>Only what the first view needs</h2>
<p>The 3D engine is a separate script that only pages showing a space download; the home page and Explore never load it. Its budget is 350 KB compressed, and a first visit to the home page has 200 KB for all its scripts and styles together.</p>
<p>A space appears as soon as its rooms, pictures and texts are in. Models and video files download after that first frame and take their place when they arrive. On our demo gallery, a two-level exhibition with 100 pictures, 10 models and 5 texts, the budget for everything downloaded before the first frame is 1.5 MB, and the time to that frame may be at most three times that of an empty room.</p>
<p>Wall and floor finishes cost nothing to download either: the viewer generates their colour, relief and roughness itself while it builds the room.</p>

<h2>Few draw calls</h2>
<p>Phones suffer less from the number of triangles than from the number of separate things the graphics chip is asked to draw. So the viewer groups them. The light pools on the walls around all the pictures are one mesh. The museum labels next to them are drawn from one shared image, in one mesh. Other visitors beyond the nearest dozen are drawn together in a single call. The demo gallery at the <strong>High</strong> setting, lights and labels included, has a budget of 60 draw calls, and a crowd of 100 visitors in view may add at most the empty view's draw calls again plus 10.</p>

<h2>Work done once</h2>
<p>The soft shadows in corners and under objects (ambient occlusion) are worked out by casting rays, which is expensive. The viewer does it once per room, in a background worker so that the page never freezes, within 2 seconds per 10,000 triangles. The result is kept in the browser, so a second visit to the same room casts no rays at all.</p>
<p>3D models are prepared when they are uploaded, not when they are viewed: the server aims for at most 50,000 triangles and textures of at most 2048 pixels a side, stored as WebP. The whole demo gallery at <strong>High</strong> must fit in 256 MB of texture memory and 300 MB of script memory.</p>

<h2>Frames before sharpness</h2>
<p>The viewer never draws frames faster than the target frame rate, which saves battery. And with <strong>Adaptive resolution</strong> (on by default) it watches how long frames take: when they come close to the budget, before they are late, it lowers the render scale in small steps, down to half; when there has been room for a while, it raises it again. On a phone that gets warm, the picture gets a little softer instead of jerky.</p>
<p>Visitors can also choose for themselves in <strong>Settings</strong>: six graphics levels from <strong>Lowest</strong> to <strong>Max</strong>, render quality, target frame rate and texture filtering, all remembered in their browser. The levels are budgeted too: on the demo gallery a frame at <strong>High</strong> may cost at most 2.5 times a frame at <strong>Low</strong>, and <strong>Lowest</strong> at most 0.6 times. Spot light cones come in from <strong>High</strong>, shadow maps from <strong>Ultra</strong>.</p>

<h2>Made for the hand</h2>
<ul>
<li>On touch screens a joystick appears bottom left, and dragging looks around.</li>
<li>On an upright phone a small banner suggests turning to landscape, without covering the space.</li>
<li>Where a browser cannot start 3D at all, the viewer shows the space as a list of its works, which screen readers read too.</li>
</ul>

<h2>How we measure</h2>
<p>All these budgets are checked by the benchmark suite, which anyone running their own copy can run with <strong>npm run bench</strong> (add <strong>-- --check</strong> to make a missed budget fail): it loads the demo gallery in a real browser against a real server. It runs on the build machine, not on a particular phone, so it guards against the viewer getting heavier rather than promising a frame rate on your device. If a space feels slow for you, try a lower graphics level in <strong>Settings</strong>, or tell us through the <a href="/contact-us">contact form</a>.</p>`,
};
