/** Small helpers shared by the email templates: escaping, money, one simple HTML layout. */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML: every value from a shopper or the catalogue goes through this. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

export function dollars(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

export function percent(rate: number): string {
  return `${(rate * 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

export interface ShopDetails {
  siteName: string;
  siteUrl: string;
  shopEmail: string;
}

/** A plain, table-based page that mail clients render alike; styles inline, as mail needs. */
export function htmlLayout(title: string, body: string, shop: ShopDetails): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ea;font-family:Helvetica,Arial,sans-serif;color:#1f2a1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 28px;border-bottom:1px solid #e3ded3;font-size:20px;font-weight:bold;color:#2f5d3a">${escapeHtml(shop.siteName)}</td></tr>
<tr><td style="padding:24px 28px;font-size:15px;line-height:1.5">${body}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e3ded3;font-size:12px;color:#5b635b">Questions? Write to <a href="mailto:${escapeHtml(shop.shopEmail)}" style="color:#2f5d3a">${escapeHtml(shop.shopEmail)}</a> or use the contact form at <a href="${escapeHtml(shop.siteUrl)}/contactus" style="color:#2f5d3a">${escapeHtml(shop.siteUrl)}/contactus</a>.</td></tr>
</table></td></tr></table>
</body>
</html>`;
}
