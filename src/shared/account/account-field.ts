/** Which form field an account error belongs to, so the form can show it under that field. */
export type AccountField = 'name' | 'email' | 'password' | 'form';
