import DefaultTheme from 'vitepress/theme';
import './wrap-code.css';

/**
 * VitePress's default theme with one rule of the docs' own (wrap-code.css): an example's long
 * line wraps instead of running past its block's edge.
 */
export default DefaultTheme;
