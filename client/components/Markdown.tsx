import { Lexer, type Token, type Tokens } from 'marked';
import type { ReactNode } from 'react';

/**
 * Markdown as React elements (headings, paragraphs, lists, quotes, rules, bold, italic, code, links), never as HTML
 * strings: whatever the text holds is shown as text. The agreement's PDF is drawn from the same tokens on the server.
 */
export function Markdown({ text, className, headingOffset = 1 }: { text: string; className?: string; headingOffset?: number }) {
  return <div className={className}>{blocks(new Lexer().lex(text), headingOffset)}</div>;
}

const unescape = (s: string) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

function inline(tokens: Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((t, i) => {
    switch (t.type) {
      case 'strong':
        return <strong key={i}>{inline((t as Tokens.Strong).tokens)}</strong>;
      case 'em':
        return <em key={i}>{inline((t as Tokens.Em).tokens)}</em>;
      case 'codespan':
        return <code key={i}>{unescape((t as Tokens.Codespan).text)}</code>;
      case 'del':
        return <del key={i}>{inline((t as Tokens.Del).tokens)}</del>;
      case 'br':
        return <br key={i} />;
      case 'link': {
        const link = t as Tokens.Link;
        const safe = /^(https?:|mailto:|\/)/i.test(link.href);
        return safe ? (
          <a key={i} href={link.href} rel="noopener noreferrer" target="_blank">
            {inline(link.tokens)}
          </a>
        ) : (
          <span key={i}>{inline(link.tokens)}</span>
        );
      }
      default: {
        const nested = (t as { tokens?: Token[] }).tokens;
        return nested?.length ? <span key={i}>{inline(nested)}</span> : unescape((t as { text?: string }).text ?? t.raw);
      }
    }
  });
}

function blocks(tokens: Token[], offset: number): ReactNode[] {
  return tokens.map((t, i) => {
    switch (t.type) {
      case 'heading': {
        const h = t as Tokens.Heading;
        const level = Math.min(6, h.depth + offset);
        const Tag = `h${level}` as 'h2';
        return <Tag key={i}>{inline(h.tokens)}</Tag>;
      }
      case 'paragraph':
        return <p key={i}>{inline((t as Tokens.Paragraph).tokens)}</p>;
      case 'text':
        return <p key={i}>{(t as Tokens.Text).tokens ? inline((t as Tokens.Text).tokens) : unescape((t as Tokens.Text).text)}</p>;
      case 'list': {
        const list = t as Tokens.List;
        const items = list.items.map((item, j) => (
          <li key={j}>{item.tokens.map((it, k) => (it.type === 'text' ? <span key={k}>{inline((it as Tokens.Text).tokens ?? [it])}</span> : blocks([it], offset)))}</li>
        ));
        return list.ordered ? (
          <ol key={i} start={Number(list.start) || 1}>
            {items}
          </ol>
        ) : (
          <ul key={i}>{items}</ul>
        );
      }
      case 'blockquote':
        return <blockquote key={i}>{blocks((t as Tokens.Blockquote).tokens, offset)}</blockquote>;
      case 'hr':
        return <hr key={i} />;
      case 'code':
        return (
          <pre key={i}>
            <code>{(t as Tokens.Code).text}</code>
          </pre>
        );
      case 'space':
        return null;
      default:
        return <p key={i}>{unescape((t as { text?: string }).text ?? t.raw)}</p>;
    }
  });
}
