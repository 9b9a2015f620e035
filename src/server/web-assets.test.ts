import { describe, expect, it } from 'vitest';
import { chooseContentCoding, type ContentCoding } from './web-assets';

const ALL: ContentCoding[] = ['identity', 'br', 'gzip'];

describe('chooseContentCoding', () => {
  it.each([
    // What browsers send.
    ['gzip, deflate, br, zstd', ALL, 'br'],
    ['gzip, deflate', ALL, 'gzip'],
    // No header, or an empty one: no coding.
    [undefined, ALL, 'identity'],
    ['', ALL, 'identity'],
    // Brotli first whatever the weights, as long as it is allowed.
    ['gzip;q=1.0, br;q=0.5', ALL, 'br'],
    ['BR', ALL, 'br'],
    // q=0 refuses a coding, directly or through the wildcard.
    ['br;q=0, gzip', ALL, 'gzip'],
    ['br;q=0.000, gzip;q=0', ALL, 'identity'],
    ['*;q=0', ALL, 'identity'],
    ['*', ALL, 'br'],
    ['gzip, *;q=0', ALL, 'gzip'],
    ['br;q=0, *', ALL, 'gzip'],
    // A weight that does not parse refuses the coding.
    ['br;q=abc, gzip', ALL, 'gzip'],
    // Spaces around parameters.
    ['br ; q=0 , gzip ; q = 0.8', ALL, 'gzip'],
    // Only the variants the file has.
    ['br, gzip', ['identity', 'gzip'], 'gzip'],
    ['br', ['identity', 'gzip'], 'identity'],
    ['br, gzip', ['identity'], 'identity'],
    // Refusing identity too leaves identity anyway: it is what every client reads.
    ['identity;q=0, br;q=0, gzip;q=0', ALL, 'identity'],
  ] as const)('%j of %j → %s', (header, available, expected) => {
    expect(chooseContentCoding(header, available)).toBe(expected);
  });
});
