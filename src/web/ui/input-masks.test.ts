import { describe, expect, it } from 'vitest';
import { applyMask, caretAfterMask, maskDate, maskPhone } from './input-masks';

describe('maskDate', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['15', '15'],
    ['150', '15/0'],
    ['1503', '15/03'],
    ['15031', '15/03/1'],
    ['15031959', '15/03/1959'],
    ['150319590', '15/03/1959'],
    ['15/03/1959', '15/03/1959'],
    ['15.03.1959', '15/03/1959'],
    ['1959-03-15', '15/03/1959'],
    ['15/a03', '15/03'],
  ])('shows %j as %j', (typed, shown) => {
    expect(maskDate(typed)).toBe(shown);
  });

  it('never puts back a slash just deleted', () => {
    // '15/03' with the backspace after the slash: the browser gives '1503', or '15' before it.
    expect(maskDate('15')).toBe('15');
    expect(maskDate('15/0')).toBe('15/0');
  });
});

describe('maskPhone', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['113', '(11) 3'],
    ['113456', '(11) 3456'],
    ['1134567', '(11) 3456-7'],
    ['1134567890', '(11) 3456-7890'],
    ['11987654321', '(11) 98765-4321'],
    ['(11) 98765-4321', '(11) 98765-4321'],
    ['11 3456 7890', '(11) 3456-7890'],
    ['+55 11 98765-4321', '+55 11 98765-4321'],
    ['119876543210', '119876543210'],
  ])('shows %j as %j', (typed, shown) => {
    expect(maskPhone(typed)).toBe(shown);
  });

  it('applies the mask it is named by', () => {
    expect(applyMask('date', '01011990')).toBe('01/01/1990');
    expect(applyMask('phone', '2133334444')).toBe('(21) 3333-4444');
  });
});

describe('caretAfterMask', () => {
  it('keeps the caret after the digit just typed', () => {
    // '15/0' with '3' typed at the end: after the 3.
    expect(caretAfterMask('15/03', 5, '15/03')).toBe(5);
    // '1503' typed quickly: the third digit lands after the slash the mask adds.
    expect(caretAfterMask('150', 3, '15/0')).toBe(4);
    // A 9 typed before the 3 of '(11) 3456-7890' makes it a mobile: the caret stays after the 9.
    expect(caretAfterMask('(11) 93456-7890', 6, maskPhone('(11) 93456-7890'))).toBe(6);
    expect(maskPhone('(11) 93456-7890')).toBe('(11) 93456-7890');
  });

  it('puts the caret at the start when no digit stood before it', () => {
    expect(caretAfterMask('15/03', 0, '15/03')).toBe(0);
  });
});
