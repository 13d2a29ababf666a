import type { ProductDto } from '../../../core/product/model';

/**
 * The `size` smallest of what it is offered, by key then place (a bounded max-heap): a page of
 * search results without sorting every match.
 */
export class Smallest {
  private readonly keys: number[] = [];
  private readonly places: number[] = [];
  private readonly items: ProductDto[] = [];

  constructor(private readonly size: number) {}

  private above(i: number, j: number): boolean {
    const keys = this.keys;
    return keys[i]! > keys[j]! || (keys[i] === keys[j] && this.places[i]! > this.places[j]!);
  }

  private swap(i: number, j: number): void {
    const { keys, places, items } = this;
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
    [places[i], places[j]] = [places[j]!, places[i]!];
    [items[i], items[j]] = [items[j]!, items[i]!];
  }

  offer(key: number, place: number, item: ProductDto): void {
    const { keys, places, items } = this;
    if (keys.length < this.size) {
      keys.push(key);
      places.push(place);
      items.push(item);
      for (let i = keys.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!this.above(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (this.size === 0 || key > keys[0]! || (key === keys[0] && place > places[0]!)) return;
    keys[0] = key;
    places[0] = place;
    items[0] = item;
    for (let i = 0; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let top = i;
      if (left < keys.length && this.above(left, top)) top = left;
      if (right < keys.length && this.above(right, top)) top = right;
      if (top === i) break;
      this.swap(i, top);
      i = top;
    }
  }

  /** What was kept, smallest first. */
  sorted(): ProductDto[] {
    const order = this.keys.map((_, index) => index);
    order.sort((a, b) => this.keys[a]! - this.keys[b]! || this.places[a]! - this.places[b]!);
    return order.map((index) => this.items[index]!);
  }
}
