import { describe, expect, it } from 'vitest';
import { documentShareText, whatsAppLink } from './sharing';

const document = {
  kind: 'atestado' as const,
  validation: { url: 'https://prontu.example/validar/abc', secretCode: 'K7Q2M9XA' },
};

describe('documentShareText', () => {
  it('gives the address and the code that open the document', () => {
    expect(documentShareText(document)).toBe(
      'Atestado médico: https://prontu.example/validar/abc\nCódigo de validação: K7Q2M9XA',
    );
  });
});

describe('whatsAppLink', () => {
  it("sends to the patient's Brazilian number, 55 added once", () => {
    expect(whatsAppLink('oi', '(11) 98765-4321')).toBe('https://wa.me/5511987654321?text=oi');
    expect(whatsAppLink('oi', '+55 11 98765-4321')).toBe('https://wa.me/5511987654321?text=oi');
  });

  it('lets the doctor choose the chat when there is no usable number, the text encoded', () => {
    expect(whatsAppLink(documentShareText(document))).toBe(
      `https://wa.me/?text=${encodeURIComponent(documentShareText(document))}`,
    );
    expect(whatsAppLink('a b', '1234')).toBe('https://wa.me/?text=a%20b');
  });
});
