import type { SeedFaq } from './types';

/**
 * The FAQs a new installation starts with, in the order the FAQ page shows them. Every answer was
 * checked against the product as built (limits in contracts/, labels in src/i18n); keep them true
 * when the product changes.
 */

const gettingStarted = 'Getting started';
const building = 'Building spaces';
const publishing = 'Publishing and sharing';
const visiting = 'Visiting and meeting people';
const districts = 'Districts';
const plans = 'Plans, credits and payments';
const selfHosting = 'Running your own platform';

export const seedFaqs: SeedFaq[] = [
  // Getting started
  {
    category: gettingStarted,
    question: 'What is Spaces?',
    answer: `<p>Spaces is a platform for building 3D spaces in your browser (exhibitions, showrooms, classrooms) and for publishing, sharing and embedding them. Visitors walk through them on phones, tablets, computers and VR headsets, with nothing to install, and can meet each other there with chat and voice. Organisations can group their spaces into a <a href="/resources/guides/districts">district</a> on its own address.</p>`,
  },
  {
    category: gettingStarted,
    question: 'Do I need an account?',
    answer: `<p>Not to visit: anyone can open a public space, and in live spaces you appear as a guest named <em>Guest</em> followed by four characters. You need an account to build and publish spaces, upload to your library, like, comment, follow, send direct messages, join parties and buy credits or plans.</p>
<p>To make one, press <strong>Sign in</strong> and then <strong>Create account</strong>: your name, your e-mail address and a password of at least 8 characters.</p>`,
  },
  {
    category: gettingStarted,
    question: 'Where do I start building?',
    answer: `<p>Press <strong>Create Space</strong> in the header. The editor walks you through five steps: <strong>Define Space</strong>, <strong>Shape Style</strong>, <strong>Add Content</strong>, <strong>Create Stories or Paths</strong> and <strong>Publish &amp; Share</strong>. On your first visit a short guide with a two-minute introduction video opens by itself; the <strong>Guide</strong> button in the editor header opens it again. Our <a href="/resources/guides">guides</a> cover each step in detail.</p>`,
  },
  {
    category: gettingStarted,
    question: 'I forgot my password. What do I do?',
    answer: `<p>On the sign-in page, choose <strong>Forgot password?</strong>, enter your e-mail address and press <strong>Send reset link</strong>. Follow the link in the e-mail to choose a new password; this signs you out in your other browsers. If no e-mail arrives, check your spam folder, then contact the people who run this platform through the <a href="/contact-us">contact form</a>.</p>`,
  },
  {
    category: gettingStarted,
    question: 'Can I use Spaces in another language?',
    answer: `<p>Yes. The interface is available in English and Spanish: choose the language in the footer at the bottom of the page. Your choice is remembered in your browser, and dates and times follow it. What people write (space titles, descriptions, comments) stays in the language they wrote it in.</p>`,
  },
  {
    category: gettingStarted,
    question: 'Can I bring my exhibitions over from Artsteps?',
    answer: `<p>Not yet. The <a href="/artsteps-migration">Moving from Artsteps</a> page shows where the import will be, but it does not import anything today. Until then you can rebuild an exhibition by uploading its pictures to your library and placing them in a premade room or a space you draw.</p>`,
  },
  {
    category: gettingStarted,
    question: 'How do I delete my account?',
    answer: `<p>In your profile, open <strong>Edit info</strong>, then <strong>Profile Management</strong>, and choose <strong>Delete account</strong>. You need your current password. Deleting your account is irreversible: it cannot be reactivated and your content cannot be recovered.</p>`,
  },

  // Building spaces
  {
    category: building,
    question: 'Should I use a premade room or draw my own?',
    answer: `<p>A <strong>Premade</strong> room is the quickest start: four families (White cube, Enfilade, Loft and Atrium), four sizes from S to XL, each as Standard or Premium. A <strong>Custom</strong> space lets you draw levels, walls, doors, windows and stairs, and only custom spaces take themes, painted surfaces, a sky and a terrain. See <a href="/resources/guides/define-space">Define Space</a>.</p>`,
  },
  {
    category: building,
    question: 'Which files can I upload?',
    answer: `<ul>
<li><strong>Images</strong>: JPG, PNG or WebP, up to 8 MB.</li>
<li><strong>Videos</strong>: MP4, WebM, Ogg or MOV, up to 30 MB.</li>
<li><strong>3D models</strong>: .glb; .gltf with its .bin and textures; .obj with its .mtl and textures; or a .zip of these. Up to 30 MB per upload.</li>
</ul>
<p>You can also make 3D texts, hypertexts (texts with a link) and web views, which need no file. Files are checked by their contents, not their names.</p>`,
  },
  {
    category: building,
    question: 'Why does my 3D model look different after uploading?',
    answer: `<p>The server prepares every model so that it loads quickly for visitors: it aims for at most 50,000 triangles, 25 materials, textures of at most 2048 pixels a side (stored as WebP) and a file of at most 16 MB. The upload form shows the figures before and after. Your original file is kept unchanged. Models made in other units are fitted too: if a model's largest side is under 5 cm or over 10 m, that side is set to 2 m, and you can change the size in the form.</p>`,
  },
  {
    category: building,
    question: 'How much can I store in my library?',
    answer: `<p>500 MB on the Free plan, 5 GB on Standard and 50 GB on Pro. Your profile's <strong>Content library</strong> shows how much you use. Deleting an asset frees its space; spaces where you already placed it keep showing it.</p>`,
  },
  {
    category: building,
    question: 'Does the editor save my work automatically?',
    answer: `<p>Yes, when <strong>Autosave</strong> is on in the editor header (it is on unless you turned it off): the editor saves about 30 seconds after your last unsaved change. <strong>Save</strong> saves at once. If the same space was saved from another window in the meantime, the editor asks whether to <strong>Reload</strong> the saved version or <strong>Keep mine</strong>, so nothing is overwritten without you knowing.</p>`,
  },
  {
    category: building,
    question: 'How many drafts can I have?',
    answer: `<p>Up to 5 on the Free plan, up to 20 on Standard, and as many as you like on Pro. When you reach the limit, the editor shows <em>Draft Limit Reached</em> with a <strong>View drafts</strong> button: publish or delete a draft to start a new space.</p>`,
  },
  {
    category: building,
    question: 'Why does my 3D text refuse some characters?',
    answer: `<p>3D texts are drawn with built-in fonts that cover Latin characters. Characters they cannot draw are refused with <em>The following characters are not supported</em>, followed by the characters in question. Use a picture for text in other scripts.</p>`,
  },
  {
    category: building,
    question: 'Can I undo a change?',
    answer: `<p>Every change in the editor can be undone and redone: use <strong>Undo</strong> and <strong>Redo</strong> in the <strong>History, view and cost</strong> section, or press <strong>Ctrl+Z</strong> and <strong>Ctrl+Shift+Z</strong> (<strong>⌘</strong> instead of Ctrl on keyboards that have it). A drag counts as one step. Press <strong>?</strong> over the 3D view to see all shortcuts.</p>`,
  },

  // Publishing and sharing
  {
    category: publishing,
    question: 'How do I publish a space?',
    answer: `<p>In the editor, go to <strong>Publish &amp; Share</strong> and press <strong>Publish</strong>. The publish wizard asks for the <strong>Space info</strong> (a title, 3 to 10 tags and a cover photo are required), a slot under <strong>Placement</strong>, who may view and communicate, and finally <strong>Publish</strong>. See <a href="/resources/guides/publish-and-share">Publish &amp; Share</a>.</p>`,
  },
  {
    category: publishing,
    question: 'What is a slot, and what if none is free?',
    answer: `<p>Each published space occupies a slot. Free and Standard plans include 1, Pro includes 4, and district Owners can give members slots in their district. If none is free, add an <strong>Extra slot</strong> in the wizard's <strong>Placement</strong> step for 100 credits, or free a slot by deleting the space in it. An empty extra slot can be deleted again, but its credits are not refunded.</p>`,
  },
  {
    category: publishing,
    question: 'I changed my published space. Why do visitors still see the old version?',
    answer: `<p>Visitors see the space as it was when you published it, so you can keep working on the draft in peace. When you are ready, run the publish wizard again and choose the slot that <em>Holds this space</em>.</p>`,
  },
  {
    category: publishing,
    question: 'How do I make a space private?',
    answer: `<p>On the Standard plan or higher, choose <strong>Only selected users and groups</strong> in the wizard's <strong>Privacy</strong> step and pick the people and groups who may visit. Everyone else is asked to sign in or told they do not have permission. The <strong>Communication</strong> step works the same way for chat and voice. To keep a space public but out of Explore, turn off <strong>Listed in Explore</strong> in the last step: then only people with the link find it.</p>`,
  },
  {
    category: publishing,
    question: 'How do I put a space on my own website?',
    answer: `<p>Open the <strong>Share</strong> panel, press <strong>Embed</strong>, choose whether to <strong>Show sign-in</strong> and <strong>Show communications</strong>, and press <strong>Copy code</strong>. Paste the code into your page: it shows the space in a 700 × 500 pixel frame, with a button to open the full space. Sites that support oEmbed can also embed a public space from its plain link.</p>`,
  },
  {
    category: publishing,
    question: 'Will my link show a preview when I paste it?',
    answer: `<p>Yes, for public spaces: chats and social networks show a card with the space's title, description and cover photo. Private and hidden spaces show no preview, so nothing about them leaks.</p>`,
  },
  {
    category: publishing,
    question: 'How do I take a space offline?',
    answer: `<p>On the space's card in your profile, <strong>Hide</strong> closes it to everyone but you until you choose <strong>Unhide</strong>. <strong>Delete</strong> removes it for good after a confirmation and frees its slot at once. <strong>Duplicate</strong> makes a copy in your drafts first, if you want to keep one.</p>`,
  },
  {
    category: publishing,
    question: 'Can I see how many people visit my space?',
    answer: `<p>Yes: <strong>Insights</strong> on the card of a published space shows visits, unique visitors per day, the median time spent, the most opened works and information points, and where visitors came from (direct, embed, Explore or a shared link), over the last 7, 30 or 90 days. Only you see them. They are counted without cookies or tracking, and your own visits are left out.</p>`,
  },

  // Visiting and meeting people
  {
    category: visiting,
    question: 'How do I move around in a space?',
    answer: `<ul>
<li><strong>Keyboard and mouse</strong>: walk with <strong>W A S D</strong> or the arrow keys, hold <strong>Shift</strong> to run, drag to look around, click the floor to walk there and click a picture to step up to it.</li>
<li><strong>Touch screens</strong>: use the joystick at the bottom left, and drag to look around.</li>
<li><strong>Map</strong>: the viewer's <strong>Map</strong> panel shows the floor plan with <em>You are here</em>; click a spot or an artwork to walk there.</li>
<li><strong>VR headsets</strong>: press <strong>Enter VR</strong> when your headset's browser offers it; move with the controllers.</li>
</ul>`,
  },
  {
    category: visiting,
    question: 'Can I visit a space with a screen reader or without a mouse?',
    answer: `<p>Yes. The viewer's <strong>List view</strong> (reachable with Tab) shows every work and information point of the space as a page, with titles, artists, descriptions and picture descriptions, starting with the works of the space's first guided tour. <strong>Show in the space</strong> takes you to a work. Guided tours run by keyboard and announce each stop, and with reduced motion turned on in your device, moves become cuts. Where a browser cannot show 3D at all, the viewer shows the list instead.</p>`,
  },
  {
    category: visiting,
    question: 'How do chat and voice work?',
    answer: `<p>Open <strong>Chat</strong> in the viewer's sidebar: <strong>Public</strong> is everyone in your instance of the space, <strong>Event</strong> opens while a scheduled event is on, and <strong>Direct</strong> holds your private conversations. In <strong>Voice</strong>, press <strong>Turn on microphone</strong> and choose <strong>Push to talk</strong> (hold the button or <strong>V</strong>) or <strong>Open microphone</strong>. You hear the nearest visitors from where they stand. If you see <em>Communications are disabled</em>, the owner has limited who may talk in this space.</p>`,
  },
  {
    category: visiting,
    question: 'What is a party?',
    answer: `<p>A party is a small group that goes round spaces together. Invite a signed-in visitor from <strong>Who is here</strong>; they accept in their <strong>Party</strong> panel within the hour. A party holds up to 8 people. When the leader goes to another space, the members who were with them follow, unless they turn <strong>Follow the leader to other spaces</strong> off.</p>`,
  },
  {
    category: visiting,
    question: 'Someone is bothering me. What can I do?',
    answer: `<ul>
<li>In <strong>Who is here</strong>, choose <strong>Mute for me</strong> (their chat no longer reaches you) or <strong>Block</strong> (their avatar disappears too). Between signed-in members, a block also stops direct messages.</li>
<li>The owner of the space can mute, remove or ban a visitor from the space.</li>
<li>Use <strong>Report this space</strong> in <strong>Space info</strong>, or <strong>Report</strong> on a comment, to tell the team that runs this platform.</li>
</ul>`,
  },
  {
    category: visiting,
    question: 'How do I keep track of spaces and creators I like?',
    answer: `<p>Press <strong>Like</strong> in a space's <strong>Space info</strong>, or the bookmark on a space card to add it to your favourites. Your profile's <strong>Activity</strong> lists your <strong>Favourites</strong> and <strong>History</strong>, and Explore's <strong>MY FAVOURITES</strong> and <strong>MY HISTORY</strong> filters show them too. <strong>Follow</strong> creators on their profile or in <strong>Space info</strong>, and districts on their home: you find them again in your profile, under <strong>Connections › Following</strong> and <strong>Districts › Following districts</strong>.</p>`,
  },

  // Districts
  {
    category: districts,
    question: 'What is a district?',
    answer: `<p>A district is an organisation's own place on the platform: its own subdomain, logo, colours and home page listing its spaces, with members who publish into it. A district is public (open to all visitors) or private (members only). See the <a href="/resources/guides/districts">Districts guide</a>.</p>`,
  },
  {
    category: districts,
    question: 'Who can create a district?',
    answer: `<p>Anyone on the Pro plan. Start from your profile's <strong>Districts</strong> section with <strong>Create district</strong>. If you are not on Pro yet, the wizard's <strong>Overview</strong> step lets you subscribe as part of creating the district. A district comes with 4 slots and one free premade space; more are bought with credits.</p>`,
  },
  {
    category: districts,
    question: 'How do people join a district?',
    answer: `<p>An Owner opens <strong>Members › Invitations</strong> on the district's address and either makes an invitation link, which anyone with it can use, or sends an e-mail invitation, which works once for that address. The invited person opens the link, signs in and accepts, and joins as a Creator. Owners can make other members Owners later.</p>`,
  },
  {
    category: districts,
    question: 'How do I publish a space in a district?',
    answer: `<p>If an Owner gave you a slot, it appears in the publish wizard's <strong>Placement</strong> step as <em>Slot in the district …</em>. Without one, ask an Owner for a slot, or publish in a slot of your own and ask the district to host the space under <strong>Spaces › Hosting requests</strong>. There you can also ask for a space the district shows to be promoted on its home.</p>`,
  },

  // Plans, credits and payments
  {
    category: plans,
    question: 'What do the plans include?',
    answer: `<ul>
<li><strong>Free</strong>: 1 published space, up to 5 drafts, 500 MB of library storage.</li>
<li><strong>Standard</strong>: 1 publishing slot, up to 20 drafts, custom privacy and communication settings, 5 GB.</li>
<li><strong>Pro</strong>: 4 publishing slots, unlimited drafts, your own district on its subdomain with 1 free premade space, custom privacy and communication settings, 50 GB.</li>
</ul>
<p>Paid plans are billed monthly or yearly; see the prices on the <a href="/pricing">Pricing</a> page.</p>`,
  },
  {
    category: plans,
    question: 'What are credits for?',
    answer: `<p>Credits pay for extras inside the platform: extra publishing slots (100 credits each), extra slots for a district (100 credits each) and premade spaces for a district. You buy them in bundles, with a card, from your <a href="/wallet">Wallet</a> or whenever a purchase needs more than you have. The wallet shows your balance and your payment history.</p>`,
  },
  {
    category: plans,
    question: 'How do I cancel my plan?',
    answer: `<p>In your <a href="/wallet">Wallet</a>, choose <strong>Cancel auto-renewal</strong>. Your plan stays active until the end of the period you paid for, then ends. Changed your mind before then? Choose <strong>Resume auto-renewal</strong>.</p>`,
  },
  {
    category: plans,
    question: 'What happens to my spaces if my plan ends or I move to a smaller plan?',
    answer: `<p>Nothing is unpublished. Slots that your new plan no longer includes are marked <em>Not included in your current plan</em>: the spaces in them stay published, but nothing new can be published into them. Drafts and library items are kept; only new drafts and uploads are held to the new plan's limits.</p>`,
  },
  {
    category: plans,
    question: 'Can I get a refund?',
    answer: `<p>Refunds follow the <a href="/refund-policy">Refund Policy</a> of the people who run this platform. Note that deleting an extra slot does not give its credits back.</p>`,
  },

  // Running your own platform
  {
    category: selfHosting,
    question: 'Can I run Spaces on my own server?',
    answer: `<p>Yes. In a copy of the source code, run <strong>npm ci</strong> and then <strong>npm start</strong>. It needs Node.js 20.19 or newer and nothing else: the database, file store and sign-in are built in and keep their data in the <em>data</em> folder. The platform then answers at http://localhost:8080. The README describes every setting. See also <a href="/resources/blog/self-hosting-spaces-in-two-commands">Self-hosting Spaces in two commands</a>.</p>`,
  },
  {
    category: selfHosting,
    question: 'What are the demo accounts, and should I keep them?',
    answer: `<p>The first start of an empty install creates three demo accounts with published spaces and two districts, so you can try everything at once; the README lists them with their shared password. Change or delete them before you open the platform to anyone, or start with <em>SEED_DEMO=false</em> to skip them.</p>`,
  },
  {
    category: selfHosting,
    question: 'How do I become an operator of my platform?',
    answer: `<p>Sign up, then start the server with <em>ADMIN_EMAIL</em> set to your e-mail address (or run <em>npm run admin -- --email</em> followed by your address once, with the server stopped). Operators have the operator area at <a href="/admin">/admin</a>, where they can read every e-mail the platform sent.</p>`,
  },
  {
    category: selfHosting,
    question: 'How do district subdomains work on my own domain?',
    answer: `<p>Set <em>BASE_DOMAIN</em> to your domain and <em>PUBLIC_ORIGIN</em> to the address people reach the platform at. A district called <em>gallery</em> then lives at gallery.<em>your domain</em>, so point those host names at your server too, for example with a wildcard DNS record. On a local install, districts work at addresses like gallery.localhost:8080.</p>`,
  },
  {
    category: selfHosting,
    question: 'Do I need a mail server?',
    answer: `<p>Not to start. Without <em>SMTP_URL</em>, password-reset and invitation e-mails stay in the outbox, and an operator can read them, links included, in <a href="/admin">/admin</a> › Mail. With it, mail goes out, and a failed send is retried several times over the following hours.</p>`,
  },
  {
    category: selfHosting,
    question: 'Can my platform take real payments?',
    answer: `<p>Out of the box, payments go through a built-in test provider: the card 4242 4242 4242 4242, with any future expiry date and any CVC, succeeds, and credits and plans are granted exactly as for a real payment. To take real cards, set the card payment variables described in the README's Configuration section.</p>`,
  },
];
