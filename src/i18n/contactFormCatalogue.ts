import { addCatalogue } from './index';
import contactForm from './parts/contactForm.json';

/** The contact form's strings, added with its code. */
addCatalogue(contactForm);
