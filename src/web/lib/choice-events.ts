/**
 * The reader's own choices of a display setting (language, theme, colours, number style), told to whoever listens: the
 * app saves them to a signed-in account (app/account-preferences-sync.tsx). A value arriving FROM the account is not a
 * choice and is not told, so it is never echoed back to the server.
 */
export type ChoiceEvents<T> = {
  emit: (value: T) => void;
  on: (listener: (value: T) => void) => () => void;
};

export function createChoiceEvents<T>(): ChoiceEvents<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    emit: (value) => {
      for (const listener of listeners) listener(value);
    },
    on: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Where a new value comes from: the reader's click (default) or the account's stored value being applied. */
export type ChoiceOptions = { fromAccount?: boolean };
