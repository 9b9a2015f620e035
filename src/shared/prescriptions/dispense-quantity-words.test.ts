import { describe, expect, it } from 'vitest';
import { describeDispenseQuantity, dispenseQuantityFromText } from './dispense-quantity-words';

describe('describeDispenseQuantity', () => {
  it('writes figures and words, the unit in the gender and number of the amount', () => {
    expect(describeDispenseQuantity(21, 'capsula')).toEqual({
      amount: 21,
      unit: 'cápsulas',
      text: '21 (vinte e uma) cápsulas',
    });
    expect(describeDispenseQuantity(1, 'capsula').text).toBe('1 (uma) cápsula');
    expect(describeDispenseQuantity(1, 'comprimido').text).toBe('1 (um) comprimido');
    expect(describeDispenseQuantity(2, 'frasco').text).toBe('2 (dois) frascos');
    expect(describeDispenseQuantity(2, 'bisnaga').text).toBe('2 (duas) bisnagas');
    expect(describeDispenseQuantity(32, 'dragea').text).toBe('32 (trinta e duas) drágeas');
  });
});

describe('dispenseQuantityFromText', () => {
  it("reads the doctor's quantity and marks it as theirs", () => {
    expect(dispenseQuantityFromText('2 caixas')).toEqual({
      amount: 2,
      unit: 'caixas',
      text: '2 (duas) caixas',
      enteredByDoctor: true,
    });
    expect(dispenseQuantityFromText('30 cp')?.text).toBe('30 (trinta) comprimidos');
    expect(dispenseQuantityFromText('1 cápsulas')?.text).toBe('1 (uma) cápsula');
    expect(dispenseQuantityFromText('21 (vinte e uma) cápsulas')?.text).toBe(
      '21 (vinte e uma) cápsulas',
    );
    expect(dispenseQuantityFromText('1 tubo')?.text).toBe('1 (um) tubo');
  });

  it('refuses what does not start with a whole number', () => {
    expect(dispenseQuantityFromText('')).toBeUndefined();
    expect(dispenseQuantityFromText('duas caixas')).toBeUndefined();
    expect(dispenseQuantityFromText('0 caixas')).toBeUndefined();
    expect(dispenseQuantityFromText('1,5 frasco')).toBeUndefined();
  });
});
