/**
 * The provider's pages: plain server-rendered HTML with a little inline CSS and no scripts, so they
 * work under the platform's CSP and on any phone. Every value put into the markup is escaped here.
 */

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const css = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
  font-size:16px;line-height:1.5;color:#1f2937;background:#f3f5f9;padding:24px 16px}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;padding:28px 24px;
  box-shadow:0 1px 3px rgba(15,23,42,.08),0 8px 24px rgba(15,23,42,.06);margin-top:4vh}
.brand{font-weight:700;font-size:18px;color:#1d5bd6;margin:0 0 12px;letter-spacing:.2px}
h1{font-size:24px;line-height:1.25;margin:0 0 8px}
p{margin:0 0 16px}
.lead{color:#4b5563}
form{margin:0}
.field{margin:0 0 16px}
label{display:block;font-weight:600;font-size:14px;margin:0 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;font:inherit;padding:11px 12px;
  border:1px solid #cbd2dc;border-radius:10px;background:#fff;color:inherit}
input:focus{outline:3px solid rgba(29,91,214,.25);border-color:#1d5bd6}
input[aria-invalid=true]{border-color:#c62828}
.hint{font-size:13px;color:#6b7280;margin-top:4px}
.field-error{font-size:13px;color:#c62828;margin-top:4px}
.alert{border-radius:10px;padding:10px 12px;margin:0 0 16px;font-size:15px}
.alert.error{background:#fdecec;color:#8e1c1c;border:1px solid #f5c2c2}
.alert.info{background:#eaf1fd;color:#163f94;border:1px solid #c4d6f7}
.button{display:block;width:100%;font:inherit;font-weight:600;text-align:center;text-decoration:none;
  padding:12px 16px;border-radius:999px;border:1px solid #1d5bd6;background:#1d5bd6;color:#fff;cursor:pointer}
.button:hover{background:#174bb3}
.button.secondary{background:#fff;color:#1d5bd6}
.button.secondary:hover{background:#eef3fd}
.row{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap;margin-top:16px;font-size:15px}
.stack>*+*{margin-top:12px}
a{color:#1d5bd6}
.link-button{background:none;border:0;padding:0;font:inherit;color:#1d5bd6;text-decoration:underline;cursor:pointer}
.muted{color:#6b7280;font-size:14px}
`;

/** The page shell. */
export function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Spaces</title>
<style>${css}</style>
</head>
<body>
<main>
<p class="brand">Spaces</p>
${content}
</main>
</body>
</html>`;
}

function alert(message: string | undefined, kind: 'error' | 'info' = 'error'): string {
  if (!message) return '';
  return `<div class="alert ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</div>`;
}

interface FieldOptions {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  value?: string;
  autocomplete: string;
  error?: string;
  hint?: string;
  autofocus?: boolean;
  minlength?: number;
  maxlength?: number;
}

function field(o: FieldOptions): string {
  const id = `f-${o.name}`;
  const described = [o.hint ? `${id}-hint` : '', o.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field">
<label for="${id}">${escapeHtml(o.label)}</label>
<input id="${id}" name="${o.name}" type="${o.type}" autocomplete="${o.autocomplete}" required${
    o.value !== undefined && o.type !== 'password' ? ` value="${escapeHtml(o.value)}"` : ''
  }${o.minlength ? ` minlength="${o.minlength}"` : ''}${o.maxlength ? ` maxlength="${o.maxlength}"` : ''}${
    o.autofocus ? ' autofocus' : ''
  }${o.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${o.hint ? `<div class="hint" id="${id}-hint">${escapeHtml(o.hint)}</div>` : ''}${
    o.error ? `<div class="field-error" id="${id}-error">${escapeHtml(o.error)}</div>` : ''
  }
</div>`;
}

const passwordHint = 'At least 8 characters.';
export type FieldErrors = Partial<Record<string, string>>;

const interactionBase = (uid: string) => `/interaction/${encodeURIComponent(uid)}`;

export function signInPage(o: { uid: string; email?: string; error?: string; notice?: string }): string {
  const base = interactionBase(o.uid);
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p class="lead">Welcome back. Sign in to build and share your spaces.</p>
${alert(o.error)}${alert(o.notice, 'info')}
<form method="post" action="${base}/login" novalidate>
${field({ name: 'email', label: 'E-mail', type: 'email', value: o.email ?? '', autocomplete: 'username', autofocus: !o.email })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: Boolean(o.email) })}
<button class="button" type="submit">Sign in</button>
</form>
<div class="row">
<a href="${base}/forgot">Forgot password?</a>
<a href="${base}/signup">Create account</a>
</div>
<form method="post" action="${base}/abort" class="row"><button class="link-button muted" type="submit">Cancel and go back</button></form>`,
  );
}

export function signUpPage(o: {
  uid: string;
  name?: string;
  email?: string;
  error?: string;
  errors?: FieldErrors;
}): string {
  const base = interactionBase(o.uid);
  const e = o.errors ?? {};
  return layout(
    'Create account',
    `<h1>Create account</h1>
<p class="lead">Build 3D spaces in your browser and share them with anyone.</p>
${alert(o.error)}
<form method="post" action="${base}/signup" novalidate>
${field({ name: 'name', label: 'Name', type: 'text', value: o.name ?? '', autocomplete: 'name', error: e.name, autofocus: true, maxlength: 100 })}
${field({ name: 'email', label: 'E-mail', type: 'email', value: o.email ?? '', autocomplete: 'email', error: e.email })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: e.password, hint: passwordHint, minlength: 8 })}
${field({ name: 'confirm', label: 'Confirm password', type: 'password', autocomplete: 'new-password', error: e.confirm, minlength: 8 })}
<button class="button" type="submit">Create account</button>
</form>
<div class="row"><span>Already have an account? <a href="${base}">Sign in</a></span></div>`,
  );
}

export function forgotPage(o: { uid: string; email?: string; error?: string }): string {
  const base = interactionBase(o.uid);
  return layout(
    'Forgot password',
    `<h1>Forgot your password?</h1>
<p class="lead">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
${alert(o.error)}
<form method="post" action="${base}/forgot" novalidate>
${field({ name: 'email', label: 'E-mail', type: 'email', value: o.email ?? '', autocomplete: 'email', autofocus: true })}
<button class="button" type="submit">Send reset link</button>
</form>
<div class="row"><a href="${base}">Back to sign in</a></div>`,
  );
}

/** The same answer whether or not the account exists. */
const forgotSentMessage = 'If an account exists for that e-mail, we have sent a link';

export function forgotSentPage(o: { uid: string }): string {
  return layout(
    'Check your e-mail',
    `<h1>Check your e-mail</h1>
${alert(`${forgotSentMessage} to choose a new password. The link works once and expires in 1 hour.`, 'info')}
<a class="button secondary" href="${interactionBase(o.uid)}">Back to sign in</a>`,
  );
}

export function resetPage(o: { token: string; error?: string; errors?: FieldErrors }): string {
  const e = o.errors ?? {};
  return layout(
    'Choose a new password',
    `<h1>Choose a new password</h1>
${alert(o.error)}
<form method="post" action="/oidc-account/reset/${encodeURIComponent(o.token)}" novalidate>
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: e.password, hint: passwordHint, autofocus: true, minlength: 8 })}
${field({ name: 'confirm', label: 'Confirm new password', type: 'password', autocomplete: 'new-password', error: e.confirm, minlength: 8 })}
<button class="button" type="submit">Set new password</button>
</form>`,
  );
}

export function changePasswordPage(o: {
  /** The signed-in account's e-mail; without it the form asks for the e-mail. */
  signedInAs?: string;
  email?: string;
  returnTo: string;
  csrf: string;
  error?: string;
  errors?: FieldErrors;
}): string {
  const e = o.errors ?? {};
  const who = o.signedInAs
    ? `<p class="lead">Signed in as <strong>${escapeHtml(o.signedInAs)}</strong>.</p>`
    : `<p class="lead">Enter your e-mail and current password to choose a new one.</p>`;
  return layout(
    'Change password',
    `<h1>Change password</h1>
${who}
${alert(o.error)}
<form method="post" action="/oidc-account/password" novalidate>
<input type="hidden" name="csrf" value="${escapeHtml(o.csrf)}">
<input type="hidden" name="return_to" value="${escapeHtml(o.returnTo)}">
${o.signedInAs ? `<input type="email" name="username" autocomplete="username" value="${escapeHtml(o.signedInAs)}" hidden readonly>` : field({ name: 'email', label: 'E-mail', type: 'email', value: o.email ?? '', autocomplete: 'username', error: e.email, autofocus: true })}
${field({ name: 'current', label: 'Current password', type: 'password', autocomplete: 'current-password', error: e.current, autofocus: Boolean(o.signedInAs) })}
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: e.password, hint: passwordHint, minlength: 8 })}
${field({ name: 'confirm', label: 'Confirm new password', type: 'password', autocomplete: 'new-password', error: e.confirm, minlength: 8 })}
<button class="button" type="submit">Change password</button>
</form>
<div class="row"><a href="${escapeHtml(o.returnTo)}">Cancel</a></div>`,
  );
}

/** A page with a heading, a message and one link. */
export function messagePage(o: {
  title: string;
  message: string;
  kind?: 'error' | 'info';
  link?: { href: string; label: string };
}): string {
  return layout(
    o.title,
    `<h1>${escapeHtml(o.title)}</h1>
${alert(o.message, o.kind ?? 'info')}
${o.link ? `<a class="button secondary" href="${escapeHtml(o.link.href)}">${escapeHtml(o.link.label)}</a>` : ''}`,
  );
}

/** The provider's sign-out confirmation; `form` is the provider's own hidden form (with its xsrf token). */
export function signOutPage(o: { form: string; confirmSilently?: boolean }): string {
  return layout(
    'Sign out',
    `<h1>Sign out of Spaces?</h1>
<p class="lead">You will be signed out on this device.</p>
${o.form}
<div class="stack">
<button class="button" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button class="button secondary" type="submit" form="op.logoutForm">Stay signed in</button>
</div>${o.confirmSilently ? '\n<script src="/oidc-account/sign-out.js"></script>' : ''}`,
  );
}
