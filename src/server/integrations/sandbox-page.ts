export const escape = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The local hosted-checkout page of the sandbox payment provider. */
export function sandboxCheckoutPage(options: {
  title: string;
  amount: string;
  email: string;
  lines: { name: string; amount: string }[];
  actions: { label: string; action: string; tone: 'primary' | 'danger' | 'link' }[];
  note?: string | undefined;
}): string {
  const lines = options.lines.map((l) => `<li><span>${escape(l.name)}</span><strong>${escape(l.amount)}</strong></li>`).join('');
  const buttons = options.actions
    .map((a) => `<form method="post" action="${escape(a.action)}"><button class="${a.tone}" type="submit">${escape(a.label)}</button></form>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(options.title)}</title><meta name="robots" content="noindex"><link rel="icon" href="/media/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f4f4f8;color:#1f2937;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
main{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(17,24,39,.08);max-width:440px;width:100%;padding:32px}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px;font-size:12px;font-weight:600;margin-bottom:16px}
h1{font-size:20px;margin:0 0 4px}p{margin:0 0 20px;color:#6b7280}ul{list-style:none;padding:0;margin:0 0 20px;border-top:1px solid #eee}
li{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #eee}.total{font-size:28px;font-weight:700;margin:0 0 24px}.note{font-size:14px;margin:-12px 0 20px}
form{margin:0 0 10px}button{width:100%;padding:12px;border-radius:10px;border:0;font-size:16px;font-weight:600;cursor:pointer}
.primary{background:#3730a3;color:#fff}.danger{background:#fee2e2;color:#991b1b}.link{background:transparent;color:#3730a3}
button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
</style></head><body><main>
<span class="badge">Sandbox: no real money moves</span>
<h1>${escape(options.title)}</h1><p>${escape(options.email)}</p>
<ul>${lines}</ul><div class="total">${escape(options.amount)}</div>${options.note ? `<p class="note">${escape(options.note)}</p>` : ''}${buttons}
</main></body></html>`;
}
