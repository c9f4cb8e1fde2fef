import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleText, paragraphsOf, segmentsOf } from './article-text';

describe('article content', () => {
  it('splits paragraphs on "|" and drops empty ones', () => {
    expect(paragraphsOf('One.| Two. ||Three.|')).toEqual(['One.', 'Two.', 'Three.']);
  });

  it('reads bold tags and http(s) URLs, leaving sentence punctuation outside the link', () => {
    expect(segmentsOf('Read <b>this</b> at https://example.org/page.')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'bold', text: 'this' },
      { kind: 'text', text: ' at ' },
      { kind: 'link', href: 'https://example.org/page' },
      { kind: 'text', text: '.' },
    ]);
    expect(segmentsOf('<STRONG>Loud</STRONG>')).toEqual([{ kind: 'bold', text: 'Loud' }]);
  });

  it('renders hostile content as text: no element but <p>, <strong> and safe links', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '<b onclick="alert(3)">not bold</b>',
      '<a href="javascript:alert(4)">click</a>',
      'javascript:alert(5)',
      '<b><img src=y onerror=alert(6)></b>',
      '<iframe src="https://evil.example"></iframe>',
      '"><svg onload=alert(7)>',
    ].join('|');
    const { container } = render(<ArticleText content={hostile} />);
    const tags = [...container.querySelectorAll('*')].map((el) => el.tagName.toLowerCase());
    expect(new Set(tags)).toEqual(new Set(['div', 'p', 'strong', 'a']));
    // The one bold tag without attributes is bold; its content stays text.
    expect(container.querySelector('strong')?.textContent).toBe('<img src=y onerror=alert(6)>');
    expect(container.querySelector('script, img, iframe, svg, [onerror], [onclick], [onload]')).toBeNull();
    // The only link is the iframe's https address, as plain text made a real link.
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://evil.example']);
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('javascript:alert(5)');
    expect(container.querySelectorAll('p')).toHaveLength(8);
  });

  it('keeps the bold text of a bold tag and drops tags inside it', () => {
    render(<ArticleText content="<b><i>Queen</i> live</b>" />);
    expect(screen.getByText('<i>Queen</i> live').tagName).toBe('STRONG');
  });

  it('opens links through the external-link confirmation (real anchors, new tab)', () => {
    render(<ArticleText content="See https://en.wikipedia.org/wiki/Queen_(band)" />);
    const link = screen.getByRole('link', { name: 'en.wikipedia.org/wiki/Queen_(band)' });
    expect(link.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Queen_(band)');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
