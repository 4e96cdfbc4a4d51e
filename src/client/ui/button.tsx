import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'onBrand' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
}

export function buttonClass(variant: ButtonVariant = 'primary', block = false): string {
  return [styles.button, styles[variant], block ? styles.block : ''].filter(Boolean).join(' ');
}

/** A button; type defaults to "button" so only explicit submit buttons submit forms. */
export function Button({ variant, block, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [buttonClass(variant, block), className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
