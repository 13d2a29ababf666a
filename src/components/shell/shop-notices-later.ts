/**
 * The notice bar's dated notices on a prerendered page (issue 41 point 3): the FAQ, About and the
 * policies are built once, without the server, so the bar is left empty and hidden there and this
 * asks GET /api/arrival/notices for today's ("Order by Dec 15 for delivery by Christmas", the
 * owner's closures). On any failure, or with nothing to say, the bar stays hidden.
 */
type Answer = { notices?: { text?: unknown }[] };

export async function fillShopNotices(): Promise<void> {
  const bar = document.querySelector<HTMLElement>('[data-testid="shop-notices"][data-later]');
  if (!bar) return;
  const response = await fetch('/api/arrival/notices').catch(() => null);
  if (!response?.ok) return;
  const answer = (await response.json().catch(() => null)) as Answer | null;
  const texts = (answer?.notices ?? [])
    .map((notice) => notice.text)
    .filter((text): text is string => typeof text === 'string' && text !== '');
  if (texts.length === 0) return;
  bar.replaceChildren(
    ...texts.map((text) => {
      const line = document.createElement('p');
      line.textContent = text;
      return line;
    }),
  );
  bar.hidden = false;
}
