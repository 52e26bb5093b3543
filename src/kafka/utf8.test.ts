import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeUtf8Into, utf8Bytes, utf8Length } from './utf8.ts';

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

// Oracle for Java's String.getBytes(UTF_8): each unpaired surrogate becomes '?', the rest is
// standard UTF-8 (which TextEncoder produces for well-formed input).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const javaOracle = (s: string): Uint8Array => new TextEncoder().encode(s.replace(LONE_SURROGATE, '?'));

describe('utf8Bytes, as Kafka StringSerializer (String.getBytes(UTF_8))', () => {
  it('encodes ASCII one byte per character', () => {
    expect(hex(utf8Bytes('abc'))).toBe('61 62 63');
    expect(utf8Bytes('')).toEqual(new Uint8Array(0));
  });

  it('encodes U+0000 as a single zero byte, not modified UTF-8', () => {
    expect(hex(utf8Bytes('\u0000 '))).toBe('00 20');
  });

  it('encodes two- and three-byte characters ("é", "日本")', () => {
    expect(hex(utf8Bytes('é'))).toBe('c3 a9');
    expect(hex(utf8Bytes('日本'))).toBe('e6 97 a5 e6 9c ac');
  });

  it('encodes a surrogate pair as one four-byte code point ("😀")', () => {
    expect('😀'.length).toBe(2);
    expect(hex(utf8Bytes('😀'))).toBe('f0 9f 98 80');
    expect(hex(utf8Bytes('\udbff\udfff'))).toBe('f4 8f bf bf'); // U+10FFFF
  });

  it('encodes the range boundaries U+007F, U+0080, U+07FF, U+0800, U+FFFF', () => {
    expect(hex(utf8Bytes('\u007f'))).toBe('7f');
    expect(hex(utf8Bytes('\u0080'))).toBe('c2 80');
    expect(hex(utf8Bytes('\u07ff'))).toBe('df bf');
    expect(hex(utf8Bytes('\u0800'))).toBe('e0 a0 80');
    expect(hex(utf8Bytes('\uffff'))).toBe('ef bf bf');
  });

  it('replaces each unpaired surrogate with "?" (0x3F) as Java does, not U+FFFD', () => {
    expect(hex(utf8Bytes('\ud800'))).toBe('3f'); // lone high at the end
    expect(hex(utf8Bytes('\udc00'))).toBe('3f'); // lone low
    expect(hex(utf8Bytes('\ud800a'))).toBe('3f 61'); // high then a non-surrogate: that one is kept
    expect(hex(utf8Bytes('\udc00\ud800'))).toBe('3f 3f'); // reversed pair
    expect(hex(utf8Bytes('\ud800\ud83d\ude00'))).toBe('3f f0 9f 98 80'); // high, then a real pair
  });

  it('matches the Java oracle for arbitrary UTF-16 strings, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }), (s) => {
        expect(utf8Bytes(s)).toEqual(javaOracle(s));
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(utf8Bytes(s)).toEqual(new TextEncoder().encode(s));
      }),
    );
  });

  it('utf8Length equals the encoded length and never exceeds 3 bytes per UTF-16 unit', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }), (s) => {
        expect(utf8Length(s)).toBe(utf8Bytes(s).length);
        expect(utf8Length(s)).toBeLessThanOrEqual(3 * s.length);
      }),
    );
  });

  it('encodeUtf8Into writes from index 0 and returns the byte count', () => {
    const target = new Uint8Array(16).fill(0xaa);
    expect(encodeUtf8Into('é!', target)).toBe(3);
    expect(hex(target.subarray(0, 4))).toBe('c3 a9 21 aa');
  });
});
