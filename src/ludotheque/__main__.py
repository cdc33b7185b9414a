from ludotheque.cli import main

main()
