import { describe, expect, it } from 'vitest';
import { orderRequestEmail } from '../../api/modules/mail/templates';
import { returnApprovedEmail } from '../../api/modules/mail/templates/ReturnEmails';
import { isReturnable, withinReturnWindow } from '../../api/modules/orders/returns-policy';
import { loadConfig } from '../../api/config';
import { returnExclusion } from '../../core/orders/returns';

const DAY = 24 * 60 * 60 * 1000;

describe('the return policy', () => {
  const item = (
    kind: 'goods' | 'digital' | 'gift_card',
    unitPriceCents: number,
    title = 'Cedar Hoodie',
    personalization: { key: string; label: string; value: string }[] | null = null,
  ) => ({ kind, unitPriceCents, title, personalization });
  const engraved = [{ key: 'name', label: 'Name on the board', value: 'Jo' }];

  it('allows items of $30 and more back, never digital, gift cards, personalized or under $30', () => {
    expect(isReturnable(item('goods', 4500))).toBe(true);
    expect(isReturnable(item('goods', 3000))).toBe(true);
    expect(isReturnable(item('goods', 2999))).toBe(false);
    expect(isReturnable(item('digital', 9000))).toBe(false);
    expect(isReturnable(item('gift_card', 5000, 'Evergreen Gift Card'))).toBe(false);
    expect(isReturnable(item('goods', 5000, 'Cutting Board', engraved))).toBe(false);
  });

  it("reads personalized from the line's texts, never its title (issue 40)", () => {
    expect(isReturnable(item('goods', 5000, 'Personalized Cutting Board'))).toBe(true);
    expect(isReturnable(item('goods', 5000, 'Red Alder Cutting Board', engraved))).toBe(false);
    expect(isReturnable(item('goods', 5000, 'Red Alder Cutting Board', []))).toBe(true);
  });

  it('reads what a line is from its kind, never its title (issue 35)', () => {
    expect(isReturnable(item('goods', 5000, 'Gift Card Holder, Leather'))).toBe(true);
    expect(isReturnable(item('gift_card', 5000, 'Evergreen Present'))).toBe(false);
    expect(isReturnable(item('digital', 5000, 'Cedar Hoodie'))).toBe(false);
  });

  it('says why an item stays: final sale, digital, gift card, personalized', () => {
    expect(returnExclusion(item('goods', 2999))).toBe('Final sale: under $30');
    expect(returnExclusion(item('digital', 9000))).toBe('Digital products cannot be returned');
    expect(returnExclusion(item('gift_card', 5000, 'Evergreen Gift Card'))).toBe(
      'Gift cards cannot be returned',
    );
    expect(returnExclusion(item('goods', 5000, 'Cutting Board', engraved))).toBe(
      'Personalized items cannot be returned',
    );
    expect(returnExclusion(item('goods', 4500))).toBeNull();
  });

  it("the approval email says where to send the parcel: the shop's return address setting", async () => {
    const settings = loadConfig({
      SHOP_RETURN_ADDRESS: 'Evergreen Returns, 9 Dock St, Tacoma, WA 98402',
    });
    expect(settings.returnAddress).toBe('Evergreen Returns, 9 Dock St, Tacoma, WA 98402');
    expect(loadConfig({}).returnAddress).toBe(
      'Evergreen Returns, 1200 Evergreen Way, Seattle, WA 98101',
    );
    const mail = await returnApprovedEmail(
      {
        number: 1042,
        firstname: 'Wren',
        items: [{ title: 'Cedar Hoodie', variantTitle: 'M', quantity: 1 }],
      },
      {
        siteName: 'Evergreen',
        siteUrl: 'https://evergreen.example',
        shopEmail: 'shop@example.com',
        returnAddress: settings.returnAddress,
      },
    );
    expect(mail.text).toContain('Send the parcel to');
    expect(mail.text).toContain('Evergreen Returns, 9 Dock St, Tacoma, WA 98402');
  });

  it('opens for 14 days from delivery, only for delivered orders', () => {
    const now = new Date('2026-06-20T12:00:00Z');
    const delivered = (days: number) => ({
      shippingStatus: 'delivered' as const,
      deliveredAt: new Date(now.getTime() - days * DAY),
    });
    expect(withinReturnWindow(delivered(0), now)).toBe(true);
    expect(withinReturnWindow(delivered(14), now)).toBe(true);
    expect(withinReturnWindow(delivered(14.01), now)).toBe(false);
    expect(withinReturnWindow({ shippingStatus: 'shipped', deliveredAt: null }, now)).toBe(false);
  });

  it('the shop’s email quotes the customer’s message, so no line of it passes for a header', async () => {
    const mail = await orderRequestEmail(
      {
        kind: 'return',
        number: 1042,
        customerEmail: 'wren@example.com',
        customerName: 'Wren Alder',
        message: 'Wrong size.\nFrom: boss@example.com',
        items: [{ title: 'Cedar Hoodie', variantTitle: 'M', quantity: 1 }],
      },
      {
        siteName: 'Evergreen',
        siteUrl: 'https://evergreen.example',
        shopEmail: 'shop@example.com',
      },
    );
    expect(mail.subject).toBe('Return request: order 1042');
    expect(mail.text).toContain('1 × Cedar Hoodie (M)');
    expect(mail.text).toMatch(/^> From: boss@example.com$/m);
    expect(mail.text).not.toMatch(/^From: boss/m);
  });
});
