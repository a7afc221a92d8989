/**
 * The legal documents a new installation starts with (the CMS's 'document' articles, read at the
 * paths of contracts/cms.ts legalPaths). They are templates: whoever runs the platform is its
 * operator and the controller of its data, and must put in their own name, address and
 * jurisdiction and have the text reviewed. Every statement about what the software does was
 * checked against the code (schema in server/db/schema, retention constants in contracts/ and
 * the services); keep them true when the code changes.
 */
export interface SeedDocument {
  slug: string;
  title: string;
  updatedDate: string;
  content: string;
}

const updatedDate = '2026-11-30';

/** The notice every document begins with, word for word. */
const notice = `<blockquote><p><strong>Template — review before use.</strong> This text was written as a starting point for whoever runs this platform. It is not legal advice. Replace [Operator name], [Contact address] and [Jurisdiction], and have it reviewed before you open the platform to the public.</p></blockquote>`;

const termsOfService = `${notice}
<h2>1. About these terms</h2>
<p>These terms govern your use of this platform, which is run by [Operator name] ("we", "us"). You can reach us at [Contact address] or through the <a href="/contact-us">contact form</a>. By creating an account, or by using the platform without one, you accept these terms. The <a href="/privacy-notice">Privacy Notice</a> explains how we handle personal data and the <a href="/refund-policy">Refund Policy</a> explains payments and refunds. If you use the platform for an organisation, the <a href="/terms-of-service/data-processing-addendum">Data Processing Addendum</a> also applies, and the <a href="/terms-of-service/professional-services-addendum">Professional Services Addendum</a> applies to any work we agree to do for you.</p>

<h2>2. What the platform does</h2>
<p>The platform lets you build 3D spaces in your browser, publish, share and embed them, group them into districts on their own subdomains, and meet other visitors live through text chat, voice, direct messages and parties. Some features need a paid plan or credits (section 5). Features may change over time.</p>

<h2>3. Your account</h2>
<ul>
<li>You need an account to build, publish, comment, like, follow, send direct messages or buy anything. You can visit published spaces without one; in live spaces you then appear as a guest named "Guest …".</li>
<li>Give accurate information and keep your password to yourself; you are responsible for what is done with your account. Tell us at once if you think someone else has used it.</li>
<li>You must be old enough to accept these terms under the law that applies to you, or use the platform with the consent of a parent or guardian where that law requires it.</li>
<li>You can delete your account at any time from your profile; deleting it needs your password. Section 11 explains what happens then.</li>
</ul>

<h2>4. Your content</h2>
<p>"Your content" is everything you put on the platform: spaces and their drafts, pictures, videos, 3D models, texts, sounds, covers, profile details, comments, chat and messages.</p>
<ul>
<li>You keep the rights you have in your content. You give us a worldwide, non-exclusive, royalty-free licence to store, copy, convert (for example, to optimise 3D models and make thumbnails), display and transmit it, only as far as needed to run the platform and to show it to the people you share it with. The licence ends when your content is erased from the platform.</li>
<li>You must have the rights to everything you upload, including the permission of people who appear in it. When you add an item to your library you choose its licence; that choice is yours to get right.</li>
<li>Publishing makes a space visible to its audience: everyone, or, on the Standard plan and above, only the people and groups you choose. Anyone who can view it can share its link or embed it in other websites, and links to spaces anyone may view show their title, description and cover in chats and social networks.</li>
<li>Files you upload are served at addresses that are hard to guess but not secret: anyone who has a file's address can download it, even when the space it is in is private. Do not upload anything that must stay confidential.</li>
<li>Mark spaces with adult content as such when you publish them.</li>
</ul>

<h2>5. Plans, credits and payments</h2>
<ul>
<li>The Free plan costs nothing. The Standard and Pro plans are paid monthly or yearly in advance and renew automatically at the end of each period until you turn off auto-renewal on your <a href="/wallet">wallet page</a>. What each plan includes, and its price, is shown on the <a href="/pricing">pricing page</a>.</li>
<li>Credits are bought in bundles and held in your wallet. You spend them on extra publishing slots and, for a district, on its slots and premade spaces. Credits have no cash value, cannot be moved to another account and are not exchanged for money, except as the Refund Policy says.</li>
<li>Card payments are handled by our payment provider, Stripe: you enter your card details in Stripe's checkout, and they do not reach our servers. If the platform runs without a payment provider, a built-in test provider accepts test cards only and no money is charged.</li>
<li>If your plan ends or you move to a smaller one, what you published stays published, but you cannot publish into slots your plan no longer includes, or create drafts or add files beyond its limits.</li>
<li>We will tell you before a price change applies to your plan's renewal.</li>
</ul>

<h2>6. Acceptable use</h2>
<p>You must not use the platform to:</p>
<ul>
<li>break the law, or infringe anyone's copyright, trade marks, privacy or other rights;</li>
<li>harass, threaten or demean people, or spread hatred or violence;</li>
<li>publish sexual content involving minors, or sexual content in spaces not marked as adult content;</li>
<li>send spam through comments, messages, invitations or the contact form;</li>
<li>place web views or links that attack visitors' devices or collect their data by deception;</li>
<li>impersonate anyone, or get at accounts, spaces or data you are not allowed to reach;</li>
<li>get round plan limits, rate limits, bans or blocks, or overload the platform;</li>
<li>record or republish other visitors' voices, chat or messages without their consent.</li>
</ul>
<p>Automated use of the platform is allowed only through its documented interface (<a href="/api/docs">/api/docs</a>) and within its limits.</p>

<h2>7. Live features and moderation</h2>
<ul>
<li>Chat in a space is seen by the visitors in the same instance of it; while one of the space's scheduled events is on, its Event chat is seen by everyone in the space. Direct messages are seen by the members of the conversation.</li>
<li>Voice is live only; the platform does not record it.</li>
<li>The owner of a space (and, for a space of a district, the district's Owners and Creators) can mute, remove or ban visitors there. Anyone can mute or block another visitor for themselves; a block between members also stops direct messages between them.</li>
<li>Space owners can hide and delete comments on their spaces. Anyone signed in can report a space or a comment to us.</li>
<li>We may remove content, or suspend or close accounts, that break these terms or the law. We will tell you why, unless the law or someone's safety prevents it.</li>
</ul>

<h2>8. Districts</h2>
<p>Creating a district needs the Pro plan. A district's Owner decides its subdomain, whether it is public or private, who joins it and with which role, and which spaces it hosts and promotes. Owners are responsible for their district's content and for the invitations they send, including invitations by e-mail: only invite people who expect to hear from you. We may withdraw a subdomain that misleads people or infringes someone's rights.</p>

<h2>9. Other websites</h2>
<p>YouTube videos, web views and live-stream screens in spaces show other websites' content, and other websites may embed spaces. Those websites' own terms apply to them, and we are not responsible for them.</p>

<h2>10. Our platform</h2>
<p>The platform's software, design, premade spaces, themes and other material we provide are ours or our licensors', for use only within the platform.</p>

<h2>11. Ending your use</h2>
<ul>
<li>When you delete your account, your sign-in account, profile, uploaded files, likes, favourites, follows, comments, the direct messages you sent, and the groups and districts you own are deleted at once. Your spaces disappear from every list at once and are erased 30 days later.</li>
<li>Deleting your account does not cancel a paid plan with the payment provider: turn off auto-renewal on your wallet page first. Unused credits are lost when you delete your account.</li>
<li>Records of payments and credit movements are kept after your account is deleted, as the Privacy Notice explains.</li>
<li>If we close your account without any breach of these terms on your part, we refund the unused part of a prepaid plan.</li>
</ul>

<h2>12. Warranties and liability</h2>
<p>We provide the platform "as is" and cannot promise that it will always be available or that content will never be lost: keep your own copies of the files you upload. As far as the law allows, we are not liable for indirect or consequential losses, lost profits or lost data, and our total liability to you for any claim is limited to the amounts you paid us in the twelve months before it arose. Nothing in these terms limits liability that cannot be limited by law, or your rights as a consumer.</p>

<h2>13. Changes to these terms</h2>
<p>We may update these terms; this page shows the date of the last update. We will give you reasonable notice before a significant change takes effect; if you do not agree, you can delete your account.</p>

<h2>14. Law and disputes</h2>
<p>These terms are governed by the law of [Jurisdiction], and the courts of [Jurisdiction] decide disputes about them. Consumers also keep the protection of the mandatory law of the country where they live.</p>

<h2>15. Contact</h2>
<p>[Operator name], [Contact address].</p>`;

const professionalServicesAddendum = `${notice}
<h2>1. What this addendum covers</h2>
<p>This addendum is part of the <a href="/terms-of-service">Terms of Service</a>. It applies when [Operator name] ("we") agrees to do work for you beyond providing the platform itself, for example building or curating spaces, preparing 3D models and media, setting up a district and its theme, moving existing content onto the platform, or training your team (the "services"). The platform does not sell services by itself: each engagement is agreed in a written order (an order form, quote or statement of work) that both of us accept.</p>

<h2>2. Orders</h2>
<p>Each order sets out the services, what will be delivered, the timetable, the fees and each side's contact person. Where an order conflicts with this addendum, the order wins for that engagement; where this addendum conflicts with the Terms of Service, this addendum wins for the services.</p>

<h2>3. Your part</h2>
<ul>
<li>You provide the materials (pictures, models, texts, floor plans) and the decisions we need, on time. Delays in them move the timetable.</li>
<li>You confirm that you have the rights to the materials you give us, including the consent of people who appear in them. Personal data in them is processed under the <a href="/terms-of-service/data-processing-addendum">Data Processing Addendum</a>.</li>
<li>We work through the roles the platform provides, for example as a member of your district with the Creator role, who can publish into the district slots its Owner allocates. We never ask for your password. The order says how finished work is handed over.</li>
<li>Plans, credits, slots and premade spaces the work needs are not included in the fees unless the order says so.</li>
</ul>

<h2>4. Delivery and acceptance</h2>
<p>We tell you when a deliverable is ready. You then have ten business days, or the period in the order, to tell us in writing how it falls short of the order. We correct such shortcomings and deliver again. A deliverable is accepted when you confirm it, when you publish it, or when the review period ends without a notice from you.</p>

<h2>5. Fees and payment</h2>
<p>Fees and expenses are those in the order and are invoiced as it says; invoices are due within thirty days unless the order says otherwise. Fees for services are separate from plans and credits bought on the platform, and the <a href="/refund-policy">Refund Policy</a> does not apply to them unless the order says so.</p>

<h2>6. Ownership</h2>
<p>Your materials remain yours. Once you have paid for them, you own the deliverables made specifically for you. Our tools, methods and know-how, and the platform's premade spaces, themes and other material we use in the work, remain ours or our licensors'; you may use them as part of the deliverables on the platform. Material from third parties keeps its own licence, which the order names.</p>

<h2>7. Quality and remedies</h2>
<p>We perform the services with reasonable skill and care. If a service does not meet that standard, tell us within thirty days of its delivery and we will perform it again; if we cannot, we refund the fees paid for that part. The limits of liability in the Terms of Service apply to the services.</p>

<h2>8. Confidentiality</h2>
<p>Each side keeps the other's non-public information confidential and uses it only for the order, unless the law requires its disclosure.</p>

<h2>9. Ending an order</h2>
<p>Either side may end an order if the other breaches it materially and does not put the breach right within thirty days of being told. You pay for the work done up to the end. Ending an order does not close your account, and closing your account ends the orders still open.</p>

<p>Questions about this addendum: [Operator name], [Contact address]. It is governed by the law of [Jurisdiction].</p>`;

const dataProcessingAddendum = `${notice}
<h2>1. When this addendum applies</h2>
<p>This addendum is part of the <a href="/terms-of-service">Terms of Service</a>. It applies when you (the "customer", for example a school, museum or company) use the platform for your own purposes and put personal data on it whose purposes you decide: people shown or named in the pictures, videos and texts of your spaces, the members of your districts and groups, the people you invite by e-mail, and the people on your spaces' privacy and communication lists. For that data you are the controller and [Operator name] is your processor. For the data needed to run the platform itself (accounts, sign-in, payments, security, view counts and visit figures) [Operator name] is the controller, and the <a href="/privacy-notice">Privacy Notice</a> applies.</p>

<h2>2. Our commitments</h2>
<ul>
<li>We process the data only to provide the platform, on your documented instructions: these terms, the features and settings you use, and what you ask of us in writing. We tell you if an instruction seems to break data protection law.</li>
<li>Everyone we authorise to handle the data is bound to confidentiality.</li>
<li>We apply the security measures in section 3.</li>
<li>We use sub-processors only as section 4 says.</li>
<li>We help you, as far as is reasonable, to answer requests from the people the data is about, and with impact assessments and consultations with authorities.</li>
<li>We tell you without undue delay when we become aware of a breach affecting the data, with what we know about it and what we are doing.</li>
<li>We give you the information you need to show compliance, and allow audits with reasonable notice, at most once a year unless there has been a breach.</li>
</ul>

<h2>3. Security measures</h2>
<p>The platform software:</p>
<ul>
<li>stores passwords only as argon2id hashes, and password-reset links only as hashes valid for 60 minutes;</li>
<li>limits sign-in attempts per network address and per e-mail address, and slows down repeated wrong passwords;</li>
<li>issues access tokens valid for 15 minutes; signing out, changing or resetting a password and deleting an account revoke the sign-in, and live connections using it are closed within a minute;</li>
<li>checks every request against the ownership, district roles, group memberships and privacy and communication lists of what it touches, reads operator rights from the user's record on every call, and writes every action in the operator area to an audit log;</li>
<li>checks uploaded files by their content and size, and unpacks 3D model archives safely;</li>
<li>sends a Content Security Policy and security headers, and lets other websites frame only the embed page of a space;</li>
<li>counts visits without cookies, with hashes salted with a random value that is erased after its day; network addresses and browser details are not stored for this.</li>
</ul>
<p>Files uploaded to the platform are served to anyone who has their address; a space's privacy settings decide who can open the space, not who can fetch its files. Do not upload personal data that needs stronger protection. [Operator name] is responsible for serving the platform over HTTPS, securing its servers, database and file store, limiting access to them, keeping the software up to date and keeping backups.</p>

<h2>4. Sub-processors</h2>
<p>You authorise us to use providers for hosting, the database and file storage, e-mail delivery, and, where we use them, voice relay (TURN or LiveKit servers) and a Redis server between server processes. We keep the current list, available at [Contact address], bind each provider to obligations equivalent to these, and tell you in advance of a change so that you can object. Card payments are handled by Stripe under its own terms.</p>

<h2>5. Deletion and return</h2>
<p>You can delete data yourself: deleted spaces and library items are erased 30 days later, and comments, invitations, members and groups are removed at once. When your use of the platform ends, we delete or return the data, as you choose, within a reasonable time, except what the law requires us to keep. The platform has no self-service export of account data; on request we provide a copy in a common format.</p>

<h2>6. Transfers and your obligations</h2>
<p>We transfer the data outside [Jurisdiction] only with the safeguards the law requires. You are responsible for having a lawful basis for the data you put on the platform, for informing the people concerned, and for choosing privacy and communication settings that suit it.</p>

<h2>7. Precedence</h2>
<p>Where this addendum conflicts with the Terms of Service about personal data, this addendum wins. The liability limits of the Terms of Service apply. Contact: [Operator name], [Contact address].</p>`;

const privacyNotice = `${notice}
<h2>Who is responsible</h2>
<p>[Operator name] runs this platform and is the controller of the personal data it handles. Contact: [Contact address], or the <a href="/contact-us">contact form</a>.</p>
<p>We do not sell your data or show ads, and the platform uses no third-party analytics or advertising trackers. We process data to provide the service you use, for our legitimate interests in security and in counting views and visits, and where the law obliges us (payment records).</p>

<h2>What we store, why, for how long and who sees it</h2>
<h3>Account and sign-in</h3>
<ul>
<li><strong>What:</strong> e-mail address, password (only as an argon2id hash), when you signed up and last signed in; sign-in sessions and tokens; password-reset links (only as hashes); counts of failed sign-ins under a hash of the e-mail address.</li>
<li><strong>Why:</strong> to let you sign in and protect your account.</li>
<li><strong>How long:</strong> until you delete your account. Sessions last up to 14 days, access tokens 15 minutes. Reset links expire after 60 minutes and are erased a day later; failure counts are forgotten after 15 quiet minutes.</li>
<li><strong>Who sees it:</strong> you and [Operator name]. If this platform uses an external sign-in provider, that provider keeps your password and sessions instead.</li>
</ul>
<h3>Profile and settings</h3>
<ul>
<li><strong>What:</strong> name, username, bio, city, country, occupation, website, social links, profile picture, cover, avatar look, sign-up date; optional birthday and gender; your settings and plan.</li>
<li><strong>Why:</strong> to show your profile and run the features you use.</li>
<li><strong>How long:</strong> until you change it or delete your account.</li>
<li><strong>Who sees it:</strong> everyone, except your e-mail, birthday, gender, settings and plan, which only you and [Operator name] see. "Show me in search results" controls whether people search finds you.</li>
</ul>
<h3>Spaces, library and uploads</h3>
<ul>
<li><strong>What:</strong> drafts and published spaces with their texts, tags, covers, sounds, scheduled events and privacy and communication lists; library items; uploaded files with their original names (3D models also in their original form).</li>
<li><strong>Why:</strong> to store, edit and show your work.</li>
<li><strong>How long:</strong> until you delete them; deleted spaces and library items are erased 30 days later. Deleting your account deletes your files at once.</li>
<li><strong>Who sees it:</strong> drafts, only you; published spaces, the audience you choose; a file, anyone who has its address.</li>
</ul>
<h3>Social activity</h3>
<ul>
<li><strong>What:</strong> likes, favourites, the spaces you opened (History), follows, groups, notifications; comments; reports you send.</li>
<li><strong>Why:</strong> counts, Explore's filters, your History and Favourites, notifications, discussion and moderation.</li>
<li><strong>How long:</strong> until you undo them (unlike, Clear history, unfollow, leave, delete) or delete your account; comments also until the space's owner deletes them.</li>
<li><strong>Who sees it:</strong> like counts, follows and comments are public (hidden comments only to the space's owner); groups show on your profile unless you hide them; favourites, History and notifications are yours; reports go to [Operator name].</li>
</ul>
<h3>Chat, messages and parties</h3>
<ul>
<li><strong>What:</strong> chat messages in spaces with your name and picture; direct messages and when you read them; parties and invitations; people you block; mutes and bans set by space owners.</li>
<li><strong>Why:</strong> live conversation and moderation.</li>
<li><strong>How long:</strong> chat, 10 minutes, so that people who join or reconnect read the latest. Direct messages, until their sender deletes their account (there is no other deletion). Invitations lapse after an hour; a party is erased when its last member leaves. Blocks, mutes and bans until lifted.</li>
<li><strong>Who sees it:</strong> chat, the visitors in the same instance (Event chat: everyone in the space); messages, the conversation's members.</li>
</ul>
<h3>Presence and voice</h3>
<ul>
<li><strong>What:</strong> while you are in a space: your name, picture, avatar, position and whether you speak.</li>
<li><strong>Why:</strong> to show visitors to each other.</li>
<li><strong>How long:</strong> only while you are there. Positions are not stored; voice is never recorded.</li>
<li><strong>Who sees it:</strong> the visitors of your instance; your name and picture may also appear on the space's card. With voice on, your browser connects directly to nearby visitors, which shows them your network (IP) address, unless [Operator name] runs a voice server that carries the audio.</li>
</ul>
<h3>Districts</h3>
<ul>
<li><strong>What:</strong> district details, members and roles, invitations (with the e-mail address of people invited by e-mail), hosting and promotion requests.</li>
<li><strong>Why:</strong> to run districts.</li>
<li><strong>How long:</strong> until removed, or until the district or its Owner's account is deleted; an e-mail invitation until used or withdrawn.</li>
<li><strong>Who sees it:</strong> public districts, everyone; private ones, their members; invitations and requests, the district's Owners.</li>
</ul>
<h3>Views and visits</h3>
<ul>
<li><strong>What:</strong> which spaces a visitor opened and when, under your user id or, signed out, the random id of the visitor_id cookie.</li>
<li><strong>Why:</strong> view counts once per visitor a day, TRENDING, RELATED suggestions and your History.</li>
<li><strong>How long:</strong> the once-a-day records, about two days. The list of spaces opened, until you clear your History or the space is deleted; for signed-out visitors the software sets no time limit, and deleting the cookie cuts the link to your browser.</li>
<li><strong>Who sees it:</strong> your History, only you; owners see totals only.</li>
</ul>
<h3>Space insights</h3>
<ul>
<li><strong>What:</strong> per visit of a published space: the day, where it came from (link, embed, Explore or shared link), how long the page was visible, which works and info points were opened, and a hash of your network address, browser and the space, salted with a random value that is erased when its day ends. Your address and browser details are not stored; no cookie is used.</li>
<li><strong>Why:</strong> visit figures for owners without tracking anyone.</li>
<li><strong>How long:</strong> visit records, 30 days; daily totals, as long as the space.</li>
<li><strong>Who sees it:</strong> the space's owner, as daily totals only.</li>
</ul>
<h3>Payments and credits</h3>
<ul>
<li><strong>What:</strong> purchases, amounts, dates and status, the card's last four digits when known, your plan and its renewal, the payment provider's ids, your credit balance and every credit movement.</li>
<li><strong>Why:</strong> to take payment, give you what you paid for and keep accounts.</li>
<li><strong>How long:</strong> the software does not erase them, also not when you delete your account; [Operator name] keeps them as long as accounting and tax law require.</li>
<li><strong>Who sees it:</strong> you (on your <a href="/wallet">wallet page</a>) and [Operator name]. When payments go through Stripe, Stripe receives your card details directly, with your e-mail address and user id.</li>
</ul>
<h3>E-mail and the contact form</h3>
<ul>
<li><strong>What:</strong> every e-mail the platform sends (recipient, subject, text): password resets, district invitations, and contact form messages (name, e-mail, company, country, type of inquiry, message) with their confirmations. No newsletters or marketing e-mail.</li>
<li><strong>Why:</strong> to deliver them and answer you.</li>
<li><strong>How long:</strong> kept in the platform's outbox; the software does not erase them.</li>
<li><strong>Who sees it:</strong> [Operator name] and its e-mail delivery service.</li>
</ul>
<h3>Security records</h3>
<ul>
<li><strong>What:</strong> a log of every action in the operator area; server logs with network addresses, addresses requested and times; recent requests per address and recent comments, likes and reports per user, for rate limits.</li>
<li><strong>Why:</strong> security, preventing abuse, fixing faults.</li>
<li><strong>How long:</strong> the operator log is kept; server logs as long as [Operator name]'s hosting keeps them; rate-limit records are cleared once over an hour old (per user, at your next comment, like or report).</li>
<li><strong>Who sees it:</strong> [Operator name].</li>
</ul>

<h2>Cookies and local storage</h2>
<p>None are used for advertising or analytics.</p>
<ul>
<li><strong>access_token</strong> (cookie): your sign-in token, so that pictures and files load; removed when you sign out or close the browser.</li>
<li><strong>visitor_id</strong> (cookie): a random id for signed-out visitors of published spaces (views, RELATED); one year.</li>
<li><strong>_session</strong>, <strong>_interaction</strong>, <strong>_interaction_resume</strong> and their <strong>.sig</strong> companions (cookies): the built-in sign-in service's session, up to 14 days, and sign-in steps, up to an hour.</li>
<li><strong>spaces_account_csrf</strong> (cookie): protects the change-password form; one hour.</li>
<li><strong>oidc.user:…</strong> and <strong>oidc.…</strong> (local storage): your signed-in session, until you sign out, and the state of a sign-in in progress.</li>
<li><strong>spaces.language</strong>, <strong>spaces.viewer.graphics</strong>, <strong>spaces.viewer.sound</strong>, <strong>spaces.live.voice</strong> (local storage): your language, graphics, sound, and push-to-talk and microphone choices.</li>
<li><strong>spaces.live.ignored</strong> (local storage): visitors you muted or blocked for yourself.</li>
<li><strong>spaces-ambient-occlusion</strong> (IndexedDB): lighting computed for spaces, to load them faster; no personal data.</li>
</ul>

<h2>Who else receives data</h2>
<p>Other users, as described above; the providers [Operator name] uses for hosting, storage, e-mail, payments (Stripe) and voice relay; and authorities where the law requires. In spaces, YouTube videos load from youtube-nocookie.com when you press play, and web views and live-stream screens load other websites when you enter.</p>

<h2>Your rights</h2>
<p>You can access, correct and delete your data (edit your profile, clear your History, delete your account), object to or restrict processing, and receive your data in a portable form; write to [Contact address]. You may complain to the data protection authority of [Jurisdiction] or of the country where you live.</p>

<h2>Changes</h2>
<p>When this notice changes, the date on this page changes with it.</p>`;

const refundPolicy = `${notice}
<h2>What you can buy</h2>
<ul>
<li><strong>Plans.</strong> Standard and Pro, paid monthly or yearly in advance by card. Prices and what each plan includes are on the <a href="/pricing">pricing page</a>.</li>
<li><strong>Credits.</strong> Bought in bundles by card and added to your wallet as soon as the payment is confirmed. You spend them on extra publishing slots and, for a district, on its slots and premade spaces, at the prices shown before you confirm.</li>
</ul>

<h2>Renewal and cancelling</h2>
<ul>
<li>A plan renews automatically at the end of each period, charged to the card you paid with.</li>
<li>You can turn off auto-renewal at any time on your <a href="/wallet">wallet page</a>. Your plan then continues until the end of the period already paid and you move to the Free plan; you can turn auto-renewal back on before then. Turning it off does not refund the current period.</li>
<li>Buying a different plan while one runs starts the new plan at once and ends the old one at the same moment. The unused part of the old plan is not credited automatically: write to us before you switch if you want us to consider it.</li>
<li>If a renewal payment fails, the payment provider may try again; if the subscription ends unpaid, you move to the Free plan.</li>
<li>When a plan ends, your published spaces stay published, and your districts are kept. Slots beyond those of your new plan take no new spaces, and its limits on drafts and storage apply to new work.</li>
<li>Deleting your account does not cancel a plan's renewal with the payment provider: turn off auto-renewal first.</li>
</ul>

<h2>Credits</h2>
<ul>
<li>Credits do not expire.</li>
<li>Credits spent are not returned, also when you later delete what you bought: deleting an empty extra slot does not give back its credits.</li>
<li>Credits cannot be exchanged for money or moved to another account, and unused credits are lost when you delete your account.</li>
</ul>

<h2>Refunds</h2>
<ul>
<li>Nothing in this policy limits the rights the law gives you, such as a right to withdraw from a purchase or remedies for a service that does not work as promised.</li>
<li>We refund a payment taken in error, for example a double charge, and a payment for something the platform did not give you and we cannot put right.</li>
<li>Other requests are at our discretion. Write to [Contact address] with the date and amount shown in your wallet's payment history.</li>
<li>Refunds go back to the card you paid with through our payment provider; when they arrive depends on your bank. When we refund credits, we remove those credits from your wallet, or refund only the unspent part. When we refund a plan payment, the plan ends.</li>
<li>If the platform runs with its built-in test provider, no money is charged, so there is nothing to refund.</li>
</ul>

<p>Questions: [Operator name], [Contact address].</p>`;

export const seedDocuments: SeedDocument[] = [
  { slug: 'terms-of-service', title: 'Terms of Service', updatedDate, content: termsOfService },
  {
    slug: 'professional-services-addendum',
    title: 'Professional Services Addendum',
    updatedDate,
    content: professionalServicesAddendum,
  },
  {
    slug: 'data-processing-addendum',
    title: 'Data Processing Addendum',
    updatedDate,
    content: dataProcessingAddendum,
  },
  { slug: 'privacy-notice', title: 'Privacy Notice', updatedDate, content: privacyNotice },
  { slug: 'refund-policy', title: 'Refund Policy', updatedDate, content: refundPolicy },
];
