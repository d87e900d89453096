import type { InstructorInput } from '../factories.js';

export const instructor: InstructorInput = {
  name: 'Nikhil Rao',
  designation: 'Full-Stack Developer & Python Instructor',
  email: 'nikhil@lectern.dev',
  bio: [
    '<p>I am a software engineer with more than ten years of experience building web applications, data pipelines and internal tools with <strong>Python, Django and JavaScript</strong>. I have shipped products for logistics companies, clinics, online stores and early-stage startups, and I still write production code every week.</p>',
    '<p>I started teaching because the tutorials I learned from stopped exactly where the real work begins: deployment, payments, testing, messy data. Every course here is <em>project-based</em>. You build something complete, you deploy it, and you understand why each piece is there.</p>',
    '<p>More than 75,000 students have taken my courses, from complete beginners writing their first loop to working developers moving into machine learning. When you finish a project, my team reviews it personally and you earn a pre-experience letter you can show employers.</p>',
    '<p>Outside teaching, I run a small consultancy that builds custom software for businesses, which keeps the material grounded in what companies actually need.</p>',
  ].join('\n'),
  profilePicture: '/media/instructor.svg',
  facebookLink: 'https://www.facebook.com/lectern.dev',
  linkedinLink: 'https://www.linkedin.com/in/nikhil-rao-dev',
  githubLink: 'https://github.com/nikhil-rao-dev',
  youtubeLink: 'https://www.youtube.com/@lectern-dev',
  instagramLink: 'https://www.instagram.com/lectern.dev',
};
