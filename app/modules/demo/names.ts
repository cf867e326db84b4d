export const firstNames = [
  "Ava", "Noah", "Mia", "Liam", "Zoe", "Ethan", "Isla", "Mateo", "Priya", "Kenji", "Amara", "Lucas", "Sofia", "Omar",
  "Hana", "Diego", "Chloe", "Arjun", "Freya", "Kwame", "Elena", "Jonas", "Leila", "Tomás", "Nina", "Samuel", "Yara",
  "Felix", "Aisha", "Ravi", "Greta", "Malik", "Ingrid", "Pedro", "Sana", "Oscar", "Ines", "Theo", "Maya", "Hugo",
];

export const lastNames = [
  "Nguyen", "Smith", "Garcia", "Okafor", "Müller", "Tanaka", "Rossi", "Kowalski", "Patel", "Johansson", "Silva",
  "Dubois", "Kim", "Haddad", "O'Brien", "Novak", "Mensah", "Fischer", "Costa", "Larsen", "Ahmed", "Moreau", "Ivanova",
  "Chen", "Reyes", "Schmidt", "Nakamura", "Andersen", "Lopez", "Yilmaz",
];

export const jobTitles = [
  "Software Engineer", "Account Executive", "Marketing Specialist", "Financial Analyst", "HR Business Partner",
  "Operations Coordinator", "Customer Success Manager", "Product Designer", "Data Analyst", "Legal Counsel",
];

export const departments = [
  "Engineering", "Sales", "Marketing", "Finance", "People & Culture", "Operations", "Customer Success", "Legal",
];

export const regions = ["North America", "Europe", "Asia Pacific"];
