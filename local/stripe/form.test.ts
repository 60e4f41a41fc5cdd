import { describe, expect, it } from 'vitest';
import { FormError, parseForm } from './form';

describe('parseForm', () => {
  it('decodes bracket notation into nested objects and indexed arrays', () => {
    const body =
      'mode=payment&line_items[0][price_data][currency]=usd' +
      '&line_items[0][price_data][unit_amount]=299' +
      '&line_items[0][price_data][product_data][name]=Video+visit' +
      '&line_items[0][quantity]=1&metadata[case_id]=c%201&expand[]=a&expand[]=b';
    expect(parseForm(body)).toEqual({
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: '299',
            product_data: { name: 'Video visit' },
          },
          quantity: '1',
        },
      ],
      metadata: { case_id: 'c 1' },
      expand: ['a', 'b'],
    });
  });

  it('accepts percent-encoded brackets and orders array items by index', () => {
    expect(parseForm('a%5B1%5D=y&a%5B0%5D=x')).toEqual({ a: ['x', 'y'] });
  });

  it('refuses prototype keys and conflicting shapes', () => {
    expect(() => parseForm('__proto__[x]=1')).toThrow(FormError);
    expect(() => parseForm('metadata[constructor]=1')).toThrow(FormError);
    expect(() => parseForm('a=1&a[b]=2')).toThrow(FormError);
    expect(() => parseForm('a[b]=2&a=1')).toThrow(FormError);
  });
});
