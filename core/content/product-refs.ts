/**
 * Where an article (an MDX file of content/blog/) names catalogue products by slug: its
 * `products:` frontmatter list and its `<ProductLink slug="…">` links, each with its line (from 1),
 * so an unknown slug can be shown to the editor where it is written (the article's page under
 * `npm run dev`, the back office's dashboard).
 */
export interface ProductRef {
  slug: string;
  line: number;
}

const LIST_ITEM = /^\s*-\s*['"]?([^'"\s#]+)['"]?\s*(#.*)?$/;
const LINK = /<ProductLink\b[^>]*\bslug=["']([^"']+)["']/g;

export function productRefs(text: string): ProductRef[] {
  const lines = text.split(/\r?\n/);
  const refs: ProductRef[] = [];
  let inFrontmatter = lines[0]?.trim() === '---';
  let inProducts = false;
  lines.forEach((line, index) => {
    if (index > 0 && inFrontmatter && line.trim() === '---') {
      inFrontmatter = false;
      return;
    }
    if (inFrontmatter) {
      if (/^products\s*:/.test(line)) {
        inProducts = true;
        return;
      }
      if (inProducts) {
        const item = LIST_ITEM.exec(line);
        if (item) refs.push({ slug: item[1]!, line: index + 1 });
        else if (/^\S/.test(line)) inProducts = false;
      }
      return;
    }
    for (const match of line.matchAll(LINK)) refs.push({ slug: match[1]!, line: index + 1 });
  });
  return refs;
}
