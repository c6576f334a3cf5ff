import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { EyeInvisibleOutlined, EyeOutlined, LoadingOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { msg } from '@portal/contract';
import { lazySchemaCheck } from '../../../lib/form-rules';
import { errorMessage } from '../../../lib/api';
import { useNotify } from '../../../lib/notify';
import { login } from '../api/login';

// The contract's own schemas, loaded with zod on the first validation rather than with the login screen.
const checks = {
  username: lazySchemaCheck(() => import('@portal/contract').then((c) => c.usernameField)),
  password: lazySchemaCheck(() => import('@portal/contract').then((c) => c.passwordField)),
};

type Field = keyof typeof checks;
type Values = Record<Field, string>;

/**
 * The login form, drawn like Ant Design's vertical Form with large Inputs and a large primary Button but without
 * loading Ant Design: the login screen is the first download on a rural connection (docs/decisions/web-delivery.md).
 * It behaves as the Form did: a field is checked as it changes and both are checked on 'Ingresar', with the
 * contract's messages under the field.
 */
export function LoginForm() {
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // The latest check of each field wins (they are asynchronous: the schemas arrive on first use).
  const latest = useRef<Record<Field, number>>({ username: 0, password: 0 });
  const navigate = useNavigate();
  const notify = useNotify();

  async function validate(field: Field, value: string): Promise<boolean> {
    const run = ++latest.current[field];
    const message = await checks[field](value);
    if (run === latest.current[field]) setErrors((e) => ({ ...e, [field]: message }));
    return message === undefined;
  }

  function change(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    void validate(field, value);
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const valid = await Promise.all([validate('username', values.username), validate('password', values.password)]);
    if (!valid.every(Boolean)) return;
    setBusy(true);
    try {
      await login(values.username, values.password);
      navigate('/welcome/sessions');
    } catch (err) {
      notify.error(msg.errorAutenticacion, errorMessage(err, msg.credencialesInvalidas));
    } finally {
      setBusy(false);
    }
  }

  const invalid = (field: Field) =>
    errors[field] !== undefined ? { 'aria-invalid': true, 'aria-describedby': `login_${field}_help` } : {};

  return (
    <form className="login-form" name="login" noValidate onSubmit={handleSubmit}>
      <FormField id="login_username" label="Usuario o email" error={errors.username}>
        <span className="text-field-prefix" aria-hidden>
          <UserOutlined />
        </span>
        <input
          id="login_username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(e) => change('username', e.target.value)}
          {...invalid('username')}
        />
      </FormField>
      <FormField id="login_password" label="Contraseña" error={errors.password}>
        <span className="text-field-prefix" aria-hidden>
          <LockOutlined />
        </span>
        <input
          id="login_password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
          {...invalid('password')}
        />
        {/* Named 'Mostrar' with its pressed state (not 'Mostrar contraseña': the field is the one labelled so). */}
        <button
          type="button"
          className="text-field-toggle"
          aria-label="Mostrar"
          aria-pressed={showPassword}
          onClick={() => setShowPassword((s) => !s)}
        >
          {showPassword ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
        </button>
      </FormField>
      <button type="submit" className="primary-button login-submit" aria-busy={busy}>
        {busy && <LoadingOutlined aria-hidden />}
        <span>Ingresar</span>
      </button>
      <div className="login-form-forgot">
        <Link to="/forgot">¿Olvidaste tu contraseña?</Link>
      </div>
    </form>
  );
}

/** A vertical field laid out as Ant Design's Form.Item: label, the control's box, the message under it. */
function FormField({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className={error ? 'form-field has-error' : 'form-field'}>
      <label className="form-field-label" htmlFor={id}>
        {label}
      </label>
      {/* A click anywhere in the box (the icon, the padding) puts the cursor in the field, as Ant Design's does. */}
      <div className={error ? 'text-field has-error' : 'text-field'} onMouseDown={(e) => focusInput(e.currentTarget, e.target)}>
        {children}
      </div>
      {error !== undefined && (
        <div id={`${id}_help`} className="form-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function focusInput(box: HTMLElement, target: EventTarget) {
  if (target instanceof HTMLInputElement || (target instanceof Element && target.closest('button'))) return;
  const input = box.querySelector('input');
  if (input) requestAnimationFrame(() => input.focus());
}
