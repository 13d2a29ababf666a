import type { OrderDto } from '../../orders/model';
import { dollars, escapeHtml, htmlLayout, percent, type ShopDetails } from './layout';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

function itemName(item: OrderDto['items'][number]): string {
  return item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title;
}

function addressLines(address: OrderDto['shippingAddress']): string[] {
  return [
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.zipcode}`,
  ];
}

function paymentLine(order: OrderDto): string | null {
  if (!order.payment?.last4) return null;
  const brand = BRAND_NAMES[order.payment.brand ?? ''] ?? 'Card';
  return `${brand} ending in ${order.payment.last4}`;
}

function itemsText(order: OrderDto): string {
  return order.items
    .map((item) => `  ${item.quantity} × ${itemName(item)}  ${dollars(item.price * item.quantity)}`)
    .join('\n');
}

function totalsText(order: OrderDto): string {
  return [
    `  Subtotal: ${dollars(order.subtotal)}`,
    `  Sales tax (${percent(order.salesTax)}): ${dollars(order.tax)}`,
    `  Total: ${dollars(order.total)}`,
    `  Shipping is included in the prices.`,
  ].join('\n');
}

function itemsHtml(order: OrderDto): string {
  const rows = order.items
    .map(
      (item) => `<tr>
<td style="padding:6px 0;border-bottom:1px solid #eee">${escapeHtml(itemName(item))}<br><span style="color:#5b635b;font-size:13px">SKU ${escapeHtml(item.sku)}</span></td>
<td style="padding:6px 8px;border-bottom:1px solid #eee;text-align:center">${item.quantity}</td>
<td style="padding:6px 0;border-bottom:1px solid #eee;text-align:right">${dollars(item.price * item.quantity)}</td></tr>`,
    )
    .join('\n');
  const total = (label: string, value: string, strong = false) =>
    `<tr><td colspan="2" style="padding:4px 0;text-align:right${strong ? ';font-weight:bold' : ''}">${label}</td><td style="padding:4px 0;text-align:right${strong ? ';font-weight:bold' : ''}">${value}</td></tr>`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px">
<tr><th align="left" style="padding:6px 0;border-bottom:2px solid #2f5d3a">Item</th><th style="padding:6px 8px;border-bottom:2px solid #2f5d3a">Qty</th><th align="right" style="padding:6px 0;border-bottom:2px solid #2f5d3a">Price</th></tr>
${rows}
${total('Subtotal', dollars(order.subtotal))}
${total(`Sales tax (${percent(order.salesTax)})`, dollars(order.tax))}
${total('Total', dollars(order.total), true)}
</table>
<p style="font-size:13px;color:#5b635b">Shipping is included in the prices.</p>`;
}

function addressHtml(address: OrderDto['shippingAddress']): string {
  return addressLines(address).map(escapeHtml).join('<br>');
}

/** The shopper's confirmation: order number, items, totals, shipping address. */
export function orderConfirmationEmail(order: OrderDto, shop: ShopDetails): RenderedMail {
  const name = order.guestContact.firstname;
  const payment = paymentLine(order);
  const subject = `Your ${shop.siteName} order ${order.orderNumber} is confirmed`;
  const text = [
    `Hello ${name},`,
    '',
    `Thank you for your order. Order number: ${order.orderNumber}`,
    '',
    'What you bought:',
    itemsText(order),
    '',
    totalsText(order),
    ...(payment ? ['', `Paid with ${payment}.`] : []),
    '',
    'Shipping to:',
    ...addressLines(order.shippingAddress).map((line) => `  ${line}`),
    '',
    'We process orders in 1-2 business days and shipping takes 5-7 days, so your parcel should arrive in about 2 weeks.',
    `Returns: within 14 days of delivery, see ${shop.siteUrl}/return-policy.`,
    '',
    `Questions? Write to ${shop.shopEmail} and mention order ${order.orderNumber}.`,
    '',
    shop.siteName,
  ].join('\n');
  const html = htmlLayout(
    subject,
    `<p>Hello ${escapeHtml(name)},</p>
<p>Thank you for your order. <strong>Order number: ${order.orderNumber}</strong></p>
<h2 style="font-size:16px;margin:20px 0 8px">What you bought</h2>
${itemsHtml(order)}
${payment ? `<p>Paid with ${escapeHtml(payment)}.</p>` : ''}
<h2 style="font-size:16px;margin:20px 0 8px">Shipping to</h2>
<p>${addressHtml(order.shippingAddress)}</p>
<p>We process orders in 1-2 business days and shipping takes 5-7 days, so your parcel should arrive in about 2 weeks.</p>
<p>Returns: within 14 days of delivery, see our <a href="${escapeHtml(shop.siteUrl)}/return-policy" style="color:#2f5d3a">Return Policy</a>.</p>`,
    shop,
  );
  return { subject, text, html };
}

/** The shop's notice of a new order, with the contact to reply to. */
export function newOrderEmail(order: OrderDto, shop: ShopDetails): RenderedMail {
  const contact = order.guestContact;
  const subject = `New order ${order.orderNumber}: ${dollars(order.total)}`;
  const who = `${contact.firstname} ${contact.lastname} <${contact.email}>${order.isGuest ? ' (guest)' : ''}`;
  const text = [
    `New order ${order.orderNumber} (${order._id})`,
    `From: ${who}`,
    '',
    itemsText(order),
    '',
    totalsText(order),
    `  Payment: ${order.paymentStatus}${paymentLine(order) ? `, ${paymentLine(order)}` : ''}`,
    '',
    'Ship to:',
    `  ${contact.firstname} ${contact.lastname}`,
    ...addressLines(order.shippingAddress).map((line) => `  ${line}`),
  ].join('\n');
  const html = htmlLayout(
    subject,
    `<p><strong>New order ${order.orderNumber}</strong> (${escapeHtml(order._id)})</p>
<p>From: ${escapeHtml(who)}</p>
${itemsHtml(order)}
<p>Payment: ${escapeHtml(order.paymentStatus)}${paymentLine(order) ? `, ${escapeHtml(paymentLine(order)!)}` : ''}</p>
<h2 style="font-size:16px;margin:20px 0 8px">Ship to</h2>
<p>${escapeHtml(`${contact.firstname} ${contact.lastname}`)}<br>${addressHtml(order.shippingAddress)}</p>`,
    shop,
  );
  return { subject, text, html };
}
