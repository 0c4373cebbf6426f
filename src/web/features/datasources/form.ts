// The data source form, one module per concern: state, request, validation, messages by field.
export * from './fieldMessages';
export * from './formRequest';
export * from './formState';
export * from './formValidation';
