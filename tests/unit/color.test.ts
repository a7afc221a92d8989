import { describe, expect, it } from 'vitest';
import {
  allowedCharacters,
  detectColorFormat,
  filterColorText,
  formatColor,
  hslToRgb,
  opaquePart,
  parseColor,
  rgbToHsl,
} from '../../src/lib/color';

const ok = (text: string, format?: Parameters<typeof parseColor>[1]) => {
  const result = parseColor(text, format);
  if (!result.ok) throw new Error(`${text}: ${result.error}`);
  return result.color;
};
const error = (text: string, format?: Parameters<typeof parseColor>[1]) => {
  const result = parseColor(text, format);
  if (result.ok) throw new Error(`${text} should be invalid, got ${result.color}`);
  return result;
};

describe('parseColor: hex', () => {
  it('reads 3, 6 and 8 digits, with or without #, in either case', () => {
    expect(ok('#abc')).toBe('#aabbcc');
    expect(ok('#1A2B3C')).toBe('#1a2b3c');
    expect(ok('1a2b3c')).toBe('#1a2b3c');
    expect(ok('#1a2b3c80')).toBe('#1a2b3c80');
    expect(ok('  #FFF  ')).toBe('#ffffff');
  });

  it('drops a fully opaque alpha', () => {
    expect(ok('#1a2b3cff')).toBe('#1a2b3c');
    expect(ok('#1a2b3c00')).toBe('#1a2b3c00');
  });

  it('refuses other lengths and non-hex characters', () => {
    for (const text of ['#', '#a', '#ab', '#abcd', '#abcde', '#abcdef1', '#abcdef123']) {
      expect(error(text).errorKey, text).toBe('kit.colorInput.errors.hexDigits');
    }
    expect(error('#ggg').errorKey).toBe('kit.colorInput.errors.syntax');
    expect(error('#ggg').error).toBe('Write the colour like #1a2b3c');
  });

  it('says an empty text is empty', () => {
    expect(error('').errorKey).toBe('kit.colorInput.errors.empty');
    expect(error('   ', 'rgb').error).toBe('Enter a colour');
  });
});

describe('parseColor: rgb and rgba', () => {
  it('reads channels 0-255 with commas or spaces', () => {
    expect(ok('rgb(26, 43, 60)')).toBe('#1a2b3c');
    expect(ok('rgb(0,0,0)')).toBe('#000000');
    expect(ok('RGB(255 255 255)')).toBe('#ffffff');
    expect(ok('rgb( 12.4 , 12.6 , 0 )')).toBe('#0c0d00');
  });

  it('reads an alpha from 0 to 1 and keeps it when below 1', () => {
    expect(ok('rgba(26, 43, 60, 0.5)')).toBe('#1a2b3c80');
    expect(ok('rgba(26, 43, 60, 1)')).toBe('#1a2b3c');
    expect(ok('rgba(26, 43, 60, 0)')).toBe('#1a2b3c00');
    expect(ok('rgb(26 43 60 / .25)')).toBe('#1a2b3c40');
    expect(ok('rgba(26, 43, 60)')).toBe('#1a2b3c');
  });

  it('refuses channels outside 0-255', () => {
    expect(error('rgb(256, 0, 0)').errorKey).toBe('kit.colorInput.errors.channelRange');
    expect(error('rgb(0, -1, 0)').errorKey).toBe('kit.colorInput.errors.channelRange');
    expect(error('rgb(0, 0, 300)').error).toBe('Red, green and blue go from 0 to 255');
  });

  it('refuses an alpha outside 0-1', () => {
    expect(error('rgba(0, 0, 0, 1.5)').errorKey).toBe('kit.colorInput.errors.alphaRange');
    expect(error('rgba(0, 0, 0, 50)').errorKey).toBe('kit.colorInput.errors.alphaRange');
  });

  it('refuses what is not rgb()', () => {
    for (const text of ['rgb(1, 2)', 'rgb(1, 2, 3', 'rgb 1 2 3', 'rgb(a, b, c)', 'rgb(1, 2, 3, 4, 5)']) {
      expect(error(text).errorKey, text).toBe('kit.colorInput.errors.syntax');
    }
    expect(error('rgb(1,2)').values).toEqual({ example: 'rgb(26, 43, 60)' });
  });
});

describe('parseColor: hsl and hsla', () => {
  it('reads hue 0-360 and saturation and lightness 0-100, % optional', () => {
    expect(ok('hsl(0, 100%, 50%)')).toBe('#ff0000');
    expect(ok('hsl(120, 100%, 50%)')).toBe('#00ff00');
    expect(ok('hsl(240 100% 50%)')).toBe('#0000ff');
    expect(ok('hsl(360, 100, 50)')).toBe('#ff0000');
    expect(ok('hsl(0, 0%, 100%)')).toBe('#ffffff');
    expect(ok('hsl(210, 40%, 17%)')).toBe('#1a2b3d');
  });

  it('reads an alpha', () => {
    expect(ok('hsla(0, 100%, 50%, 0.5)')).toBe('#ff000080');
    expect(ok('hsl(0 100% 50% / 1)')).toBe('#ff0000');
  });

  it('refuses values outside their ranges', () => {
    expect(error('hsl(361, 50%, 50%)').errorKey).toBe('kit.colorInput.errors.hueRange');
    expect(error('hsl(10, 101%, 50%)').errorKey).toBe('kit.colorInput.errors.percentRange');
    expect(error('hsl(10, 50%, 100.5%)').errorKey).toBe('kit.colorInput.errors.percentRange');
    expect(error('hsla(10, 50%, 50%, 2)').errorKey).toBe('kit.colorInput.errors.alphaRange');
    expect(error('hsl(10, 50%, 50%)x').errorKey).toBe('kit.colorInput.errors.syntax');
  });
});

describe('parseColor with a format', () => {
  it('reads the text in that format only', () => {
    expect(error('rgb(1, 2, 3)', 'hex').errorKey).toBe('kit.colorInput.errors.syntax');
    expect(error('#abc', 'rgb').errorKey).toBe('kit.colorInput.errors.syntax');
    expect(error('rgb(1, 2, 3)', 'hsl').values.example).toBe('hsl(210, 40%, 17%)');
    expect(parseColor('hsl(0, 0%, 0%)', 'hsl')).toEqual({ ok: true, color: '#000000', format: 'hsl' });
  });

  it('guesses the format from the start of the text', () => {
    expect(detectColorFormat(' RGBA(1,2,3,0)')).toBe('rgb');
    expect(detectColorFormat('hsl(')).toBe('hsl');
    expect(detectColorFormat('#fff')).toBe('hex');
    expect(detectColorFormat('')).toBe('hex');
  });
});

describe('characters limited per format', () => {
  it('lists the characters each format takes', () => {
    expect(allowedCharacters('hex')).toBe('#0123456789abcdefABCDEF');
    expect(allowedCharacters('rgb')).toContain('(');
    expect(allowedCharacters('rgb')).not.toContain('%');
    expect(allowedCharacters('hsl')).toContain('%');
    expect(allowedCharacters('hsl')).not.toContain('-');
  });

  it('drops other characters and cuts hex to 8 digits', () => {
    expect(filterColorText('#12zz34-56!', 'hex')).toBe('#123456');
    expect(filterColorText('#1234567890', 'hex')).toBe('#12345678');
    expect(filterColorText('rgb(1;2;3)%x', 'rgb')).toBe('rgb(123)');
    expect(filterColorText('rgb(-1, 2, 3)', 'rgb')).toBe('rgb(1, 2, 3)');
    expect(filterColorText('hsl(1, 2%, 3%) deg', 'hsl')).toBe('hsl(1, 2%, 3%) ');
  });
});

describe('formatColor', () => {
  it('writes a colour in each format', () => {
    expect(formatColor('#1A2B3C', 'hex')).toBe('#1a2b3c');
    expect(formatColor('#abc', 'hex')).toBe('#aabbcc');
    expect(formatColor('#1a2b3c', 'rgb')).toBe('rgb(26, 43, 60)');
    expect(formatColor('#1a2b3c80', 'rgb')).toBe('rgba(26, 43, 60, 0.5)');
    expect(formatColor('#ff0000', 'hsl')).toBe('hsl(0, 100%, 50%)');
    expect(formatColor('#ff000080', 'hsl')).toBe('hsla(0, 100%, 50%, 0.5)');
    expect(formatColor('#808080', 'hsl')).toBe('hsl(0, 0%, 50%)');
  });

  it('leaves an unreadable colour as it is', () => {
    expect(formatColor('tomato', 'rgb')).toBe('tomato');
  });

  it('round-trips through rgb exactly', () => {
    for (const color of ['#000000', '#ffffff', '#1a2b3c', '#c0ffee', '#12345678']) {
      expect(ok(formatColor(color, 'rgb'))).toBe(color);
    }
  });

  it('round-trips through hsl within rounding', () => {
    for (const color of ['#000000', '#ffffff', '#ff0000', '#00ff00', '#0000ff', '#808080']) {
      expect(ok(formatColor(color, 'hsl'))).toBe(color);
    }
  });
});

describe('conversions', () => {
  it('converts hsl to rgb and back', () => {
    expect(hslToRgb(0, 1, 0.5).map(Math.round)).toEqual([255, 0, 0]);
    expect(hslToRgb(180, 1, 0.25).map(Math.round)).toEqual([0, 128, 128]);
    expect(hslToRgb(300, 0.5, 0.5).map(Math.round)).toEqual([191, 64, 191]);
    const [h, s, l] = rgbToHsl(191, 64, 191);
    expect(Math.round(h)).toBe(300);
    expect(Math.round(s * 100)).toBe(50);
    expect(Math.round(l * 100)).toBe(50);
    expect(rgbToHsl(10, 10, 10)[1]).toBe(0);
  });

  it('gives the opaque part of a colour for swatches', () => {
    expect(opaquePart('#1a2b3c80')).toBe('#1a2b3c');
    expect(opaquePart('#abc')).toBe('#aabbcc');
    expect(opaquePart('nonsense')).toBe('#000000');
  });
});
